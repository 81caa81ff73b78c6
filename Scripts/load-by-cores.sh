#!/usr/bin/env bash
# The load benchmark by cores: the load test (Tests/BrowserTests/load.mjs)
# against a release `serve` pinned to one core, then to two (`taskset`),
# with the load generator pinned to the cores left when there are any.
#
#     Scripts/load-by-cores.sh            # 200 pages, 5 queries a second, 30 s
#     DIFFABLE_LOAD_CLIENTS=50 DIFFABLE_LOAD_SECONDS=10 Scripts/load-by-cores.sh
#
# Each run prints the queries typed, the query-to-acknowledgement p50 and
# p99, and the server's memory per session. On a machine of two cores the
# two-core run shares its cores with the generator: say so beside its
# figures.
set -euo pipefail
cd "$(dirname "$0")/.."

export DIFFABLE_LOAD_CLIENTS="${DIFFABLE_LOAD_CLIENTS:-200}"
export DIFFABLE_LOAD_RATE="${DIFFABLE_LOAD_RATE:-5}"
export DIFFABLE_LOAD_SECONDS="${DIFFABLE_LOAD_SECONDS:-30}"
# The clients over four worker threads: one event loop for all of them
# would add its own queueing to every query's time.
export DIFFABLE_LOAD_WORKERS="${DIFFABLE_LOAD_WORKERS:-4}"
# The client that never reads is left out: the figures are the pages'.
export DIFFABLE_LOAD_STALLED="${DIFFABLE_LOAD_STALLED:-0}"

command -v taskset > /dev/null || { echo "taskset is needed (util-linux)" >&2; exit 1; }
swift build -c release --package-path Demos --product serve
serve="$PWD/Demos/.build/release/serve"
available=$(nproc)
wrapper=$(mktemp)
trap 'rm -f "$wrapper"' EXIT

for cores in 1 2; do
  if [ "$cores" -gt "$available" ]; then
    echo "== $cores cores: skipped, this machine has $available"
    continue
  fi
  server_cores="0-$((cores - 1))"
  printf '#!/bin/sh\nexec taskset -c %s "%s" "$@"\n' "$server_cores" "$serve" > "$wrapper"
  chmod +x "$wrapper"
  if [ "$cores" -lt "$available" ]; then
    generator=(taskset -c "$cores-$((available - 1))")
    where="the generator on cores $cores-$((available - 1))"
  else
    generator=()
    where="the generator sharing them"
  fi
  echo "== server on $cores core(s) ($server_cores), $where:" \
    "$DIFFABLE_LOAD_CLIENTS pages × $DIFFABLE_LOAD_RATE queries/s × $DIFFABLE_LOAD_SECONDS s"
  DIFFABLE_SERVE="$wrapper" "${generator[@]}" \
    node --experimental-websocket --no-warnings Tests/BrowserTests/load.mjs
done
