#!/usr/bin/env bash
# The layout playground's Swift code compiles: writes the code of every
# preset, in CollectionLayout's names and in UIKit's, with the Demos tests
# (PlaygroundTests, DIFFABLE_PLAYGROUND_EXPORTS), renames the UIKit code's
# types as the porting article's table says (Sources/CollectionLayout/
# CollectionLayout.docc/PortingAUIKitLayout.md: each row whose UIKit cell is
# one type name), then type-checks every file with one swiftc against the
# CollectionLayout module the Demos build made. Each file's functions are
# made private to it, so that the presets' createLayout() do not clash.
#
# Run it after `swift build --build-tests --package-path Demos`.
set -euo pipefail
cd "$(dirname "$0")/.."
exports="$(mktemp -d)"
trap 'rm -rf "$exports"' EXIT

DIFFABLE_PLAYGROUND_EXPORTS="$exports" swift test --skip-build --package-path Demos \
  --filter PlaygroundTests/theCodeOfEveryPresetIsWritten > "$exports/test.log" 2>&1 \
  || { cat "$exports/test.log" >&2; exit 1; }
rm "$exports/test.log"

# `| `NSCollectionLayoutItem` | ``LayoutItem`` |` -> `NSCollectionLayoutItem LayoutItem`.
renames="$(sed -n 's/^| `\([A-Za-z]*\)`[^|]*| `\{1,2\}\([A-Za-z]*\)`\{1,2\}.*/\1 \2/p' \
  Sources/CollectionLayout/CollectionLayout.docc/PortingAUIKitLayout.md)"
if [ "$(wc -l <<< "$renames")" -lt 20 ]; then
  echo "!! the porting article's table gave only these renames:" >&2
  echo "$renames" >&2
  exit 1
fi

count=0
for file in "$exports"/*-uiKit.swift; do
  sed -i 's/^import UIKit$/import CollectionLayout/' "$file"
  while read -r uikit ours; do
    sed -i "s/\\b$uikit\\b/$ours/g" "$file"
  done <<< "$renames"
  # Comments may name UIKit; the code may not.
  if sed 's://.*$::' "$file" | grep -n '\bNS[A-Z][A-Za-z]*\|\bUI[A-Z][A-Za-z]*'; then
    echo "!! $file keeps a UIKit name after the rename" >&2
    exit 1
  fi
  count=$((count + 1))
done
sed -i 's/^func /private func /' "$exports"/*.swift

modules="$(swift build --package-path Demos --show-bin-path)/Modules"
swiftc -typecheck -swift-version 6 -I "$modules" "$exports"/*.swift
echo "The code of $count layouts compiles, in CollectionLayout's names and renamed from UIKit's."
