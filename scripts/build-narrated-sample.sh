#!/usr/bin/env bash
# Builds corpus/tide-clock.epub, a narrated EPUB 3 sample, from its sources in corpus/tide-clock/:
# the text is ours; corpus/tide-clock/narrate.py synthesizes each sentence with espeak-ng, encodes
# each chapter's narration as MP3 with lame, and writes the SMIL overlays (clip times from the exact
# sample counts) and package.opf's media:duration values.
# Deterministic: the same sources and tools give the same bytes (fixed timestamps and order).
# Needs espeak-ng, lame, python3 and zip; epubcheck, when installed, checks the result.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src="$root/corpus/tide-clock"
out="$root/corpus/tide-clock.epub"
for tool in espeak-ng lame python3 zip; do
    command -v "$tool" >/dev/null || { echo "build-narrated-sample.sh: needs $tool" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$src/." "$tmp/"
rm -f "$tmp/narrate.py"
python3 "$src/narrate.py" "$tmp/EPUB"
find "$tmp" -exec touch -h -d '2026-11-22 00:00:00' {} +
rm -f "$out"
cd "$tmp"
# mimetype first and stored, as OCF requires; then everything else, sorted, compressed.
zip -q -X -0 "$out" mimetype
find META-INF EPUB -type f | LC_ALL=C sort | zip -q -X -9 "$out" -@
echo "built $out ($(stat -c %s "$out") bytes)"
# Debian's epubcheck is a jar behind a symlink: run it with java.
jar=$(readlink -f "$(command -v epubcheck || true)" 2>/dev/null || true)
if [[ "$jar" == *.jar ]] && command -v java >/dev/null; then
    java -jar "$jar" -q "$out" && echo "epubcheck: no errors or warnings"
fi
