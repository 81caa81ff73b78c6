#!/usr/bin/env bash
# The browser tests (Tests/BrowserTests): the demo server `serve` and headless
# Chromium, driven over the DevTools protocol from `node --test`, then the
# short load test (wire-protocol clients on loopback, no browser).
#
# 1. Installs Debian's `chromium` with apt-get when /usr/lib/chromium/chromium
#    is missing (and $CHROMIUM names no other binary), and Node likewise.
# 2. Builds `diffable` (the playground's test runs `diffable layout`; its
#    path goes in DIFFABLE_COMMAND), then `serve` and `serve-vapor` once
#    (`swift build --package-path Demos --product serve`, debug unless
#    DIFFABLE_SERVE_CONFIGURATION=release) and
#    passes the path of each in turn to the tests in DIFFABLE_SERVE, with
#    DIFFABLE_SERVER=hummingbird or vapor: `swift run` would build inside
#    each test's deadline. DIFFABLE_SERVERS=hummingbird (or vapor) runs one.
#    The checks of the connection guard, which Vapor cannot host, are
#    skipped on `serve-vapor`, each saying why.
# 3. Runs the test files one at a time, so that the load test has the
#    machine to itself; the whole suite against `serve`, then against
#    `serve-vapor`.
#
# The load test's size comes from DIFFABLE_LOAD_CLIENTS, DIFFABLE_LOAD_SECONDS,
# DIFFABLE_LOAD_RATE and DIFFABLE_LOAD_ATTACKERS (10 clients, 3 s, 10
# queries/s and 2 attacker loops here; DIFFABLE_LOAD_STALLED=0 leaves out the
# client that stops reading); the full run, which is worth doing in release
# (DIFFABLE_SERVE_CONFIGURATION=release):
#
#     DIFFABLE_LOAD_CLIENTS=50 DIFFABLE_LOAD_SECONDS=20 DIFFABLE_LOAD_ATTACKERS=8 \
#       Scripts/browser-tests.sh
#
# The perimeter test's slowloris opens 1,100 connections from the test
# process, so the script raises its own file limit to 4,096 where the hard
# limit allows (`serve` there runs under a limit of 1,024 of its own).
#
# DIFFABLE_SCREENSHOTS=1 also writes the pages' screenshots into
# Documentation/Screenshots/ (CI leaves it unset, so the tree stays clean).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/lib/chromium/chromium ]; then
  apt-get update
  apt-get install -y --no-install-recommends chromium
fi
if ! command -v node > /dev/null; then
  apt-get update
  apt-get install -y --no-install-recommends nodejs
fi

configuration="${DIFFABLE_SERVE_CONFIGURATION:-debug}"
servers="${DIFFABLE_SERVERS:-hummingbird vapor}"
bin="$(swift build --package-path Demos -c "$configuration" --show-bin-path)"
for server in $servers; do
  case "$server" in
    hummingbird) swift build --package-path Demos -c "$configuration" --product serve ;;
    vapor) swift build --package-path Demos -c "$configuration" --product serve-vapor ;;
    *) echo "unknown server in DIFFABLE_SERVERS: $server" >&2 && exit 2 ;;
  esac
done
# The playground's test compares its frames with `diffable layout`'s.
swift build --product diffable
export DIFFABLE_COMMAND="${DIFFABLE_COMMAND:-$(swift build --show-bin-path)/diffable}"
export DIFFABLE_LOAD_CLIENTS="${DIFFABLE_LOAD_CLIENTS:-10}"
export DIFFABLE_LOAD_SECONDS="${DIFFABLE_LOAD_SECONDS:-3}"
export DIFFABLE_LOAD_RATE="${DIFFABLE_LOAD_RATE:-10}"
export DIFFABLE_LOAD_ATTACKERS="${DIFFABLE_LOAD_ATTACKERS:-2}"
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt 4096 ]; then
  ulimit -n 4096 2> /dev/null || ulimit -n "$(ulimit -Hn)" 2> /dev/null || true
fi

for server in $servers; do
  echo "== the browser tests against $([ "$server" = vapor ] && echo serve-vapor || echo serve)"
  if [ "$server" = vapor ]; then
    # The pictures come from `serve`'s run alone.
    DIFFABLE_SERVER=vapor DIFFABLE_SERVE="$bin/serve-vapor" DIFFABLE_SCREENSHOTS= \
      timeout -k 30 900 node --experimental-websocket --no-warnings --test --test-concurrency=1 \
      Tests/BrowserTests/
  else
    DIFFABLE_SERVER=hummingbird DIFFABLE_SERVE="$bin/serve" \
      timeout -k 30 900 node --experimental-websocket --no-warnings --test --test-concurrency=1 \
      Tests/BrowserTests/
  fi
done
