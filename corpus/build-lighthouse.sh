#!/usr/bin/env bash
# Builds corpus/lighthouse.epub from its sources in corpus/lighthouse/.
# Deterministic: fixed timestamps and order, so the same sources give the same bytes.
# Needs python3 (for the cover) and zip.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src="$here/lighthouse"
out="$here/lighthouse.epub"
command -v zip >/dev/null || { echo "build.sh: needs zip (apt-get install zip)" >&2; exit 1; }

python3 "$src/cover.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$src/." "$tmp/"
rm -f "$tmp/cover.py"
find "$tmp" -exec touch -h -d '2026-11-22 00:00:00' {} +
rm -f "$out"
cd "$tmp"
# mimetype first and stored, as OCF requires; then everything else, sorted, compressed.
zip -q -X -0 "$out" mimetype
find META-INF EPUB -type f | LC_ALL=C sort | zip -q -X -9 "$out" -@
echo "built $out"
