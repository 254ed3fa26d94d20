#!/usr/bin/env bash
# Makes assets/fonts/ (the link-preview pictures' fonts, docs/decisions/0182) from their sources. Run by
# hand when a font changes; the files are committed, nothing here runs at install or at run time.
# Needs: npm (the @fontsource packages, packed, not installed), Debian's fonts-noto-cjk and fonttools.
set -euo pipefail
cd "$(dirname "$0")/.."
out=assets/fonts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && for p in @fontsource/inter@5.3.0 @fontsource/noto-sans-arabic@5.3.0 @fontsource/noto-sans-hebrew@5.3.0; do npm pack -q "$p" >/dev/null; done && for f in *.tgz; do mkdir "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done)
cp "$work"/fontsource-inter-5.3.0/package/files/inter-latin{,-ext}-{400,700}-normal.woff "$out/"
cp "$work"/fontsource-inter-5.3.0/package/LICENSE "$out/Inter-OFL.txt"
cp "$work"/fontsource-noto-sans-arabic-5.3.0/package/files/noto-sans-arabic-arabic-400-normal.woff "$out/"
cp "$work"/fontsource-noto-sans-arabic-5.3.0/package/LICENSE "$out/NotoSansArabic-OFL.txt"
cp "$work"/fontsource-noto-sans-hebrew-5.3.0/package/files/noto-sans-hebrew-hebrew-400-normal.woff "$out/"
cp "$work"/fontsource-noto-sans-hebrew-5.3.0/package/LICENSE "$out/NotoSansHebrew-OFL.txt"

# Noto Sans CJK (JP face of Debian's NotoSansCJK-Regular.ttc), cut to the common characters: the
# 3,755 hanzi of GB 2312 level 1, the 2,965 kanji of JIS X 0208 level 1, the 2,350 hangul of KS X 1001,
# kana, CJK punctuation and full-width forms (8,146 characters; a full face is 16 MB).
python3 - "$work/unicodes.txt" <<'PY'
import sys
chars = set()
def rows(enc, hi, lo):
    for a in hi:
        for b in lo:
            try: chars.update(bytes([a, b]).decode(enc))
            except UnicodeDecodeError: pass
rows("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF))
rows("gb2312", range(0xA1, 0xAA), range(0xA1, 0xFF))
rows("euc_jp", range(0xB0, 0xD0), range(0xA1, 0xFF))
rows("euc_jp", range(0xA1, 0xA9), range(0xA1, 0xFF))
rows("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))
points = {ord(c) for c in chars} | set(range(0x3000, 0x3100)) | set(range(0x31F0, 0x3200)) | set(range(0xFF00, 0xFFF0))
open(sys.argv[1], "w").write(",".join("U+%04X" % p for p in sorted(p for p in points if p > 0x2000)))
PY
pyftsubset /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --font-number=0 --unicodes-file="$work/unicodes.txt" \
  --flavor=woff --layout-features='kern,liga,locl,vert,palt' --no-hinting --output-file="$out/noto-sans-cjk-common-400.woff"
ls -l "$out"
