#!/usr/bin/env bash
# A user who depends on swift-diffable for `Diffable` alone resolves none of
# the server integrations' packages: resolves Tests/ClientPackage and checks
# that its Package.resolved pins swift-argument-parser (the `diffable`
# command's) and nothing else, then builds and runs it. Then the same with
# each server trait on, which must pin its framework's packages and not the
# other's: a check that cannot fail would prove nothing.
set -euo pipefail
cd "$(dirname "$0")/../Tests/ClientPackage"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch" Package.resolved' EXIT

pins() {
  rm -f Package.resolved
  swift package resolve --scratch-path "$scratch" > "$scratch/resolve.log" 2>&1 \
    || { cat "$scratch/resolve.log" >&2; return 1; }
  if [ -f Package.resolved ]; then
    sed -n 's/.*"identity" : "\(.*\)".*/\1/p' Package.resolved | sort | tr '\n' ' '
  fi
}

alone="$(pins)"
echo "Diffable alone pins: ${alone:-nothing}"
if [ "$alone" != "swift-argument-parser " ]; then
  echo "!! a package that depends on Diffable alone pins more than swift-argument-parser"
  exit 1
fi
swift build --scratch-path "$scratch" > /dev/null
[ "$(swift run --skip-build --scratch-path "$scratch" Client)" = 2 ]

for trait in Hummingbird Vapor; do
  with="$(DIFFABLE_CLIENT_TRAITS="$trait" pins)"
  echo "with the $trait trait: $(wc -w <<< "$with") packages"
  # Each trait brings its own framework's package, and not the other's.
  own="$(tr '[:upper:]' '[:lower:]' <<< "$trait")"
  case " $with" in *" $own "*) ;; *)
    echo "!! the $trait trait did not bring $own"
    exit 1
    ;;
  esac
  for other in hummingbird vapor; do
    if [ "$other" != "$own" ] && [[ " $with" == *" $other "* ]]; then
      echo "!! the $trait trait brought $other"
      exit 1
    fi
  done
done
