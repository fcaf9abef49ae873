#!/usr/bin/env bash
# Regenerates the documents written by LibreOffice itself (7.4, Debian's libreoffice-writer-nogui)
# from survey.html: PDFs with and without metadata (the Writer PDF export) for the title
# tests, and DOCX and ODT for the importers' golden tests. Run by hand; the outputs are committed.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp survey.html "$work/survey-meta.html"
sed -e 's|<title>[^<]*</title><meta name="author" content="[^"]*">||' survey.html > "$work/survey-nometa.html"
for name in survey-meta survey-nometa; do
  soffice --headless --infilter="HTML (StarWriter)" --convert-to pdf:writer_pdf_Export --outdir "$work" "$work/$name.html" >/dev/null
  cp "$work/$name.pdf" "libreoffice-$name.pdf"
done
soffice --headless --infilter="HTML (StarWriter)" --convert-to "docx:MS Word 2007 XML" --outdir "$work" "$work/survey-meta.html" >/dev/null
soffice --headless --infilter="HTML (StarWriter)" --convert-to odt --outdir "$work" "$work/survey-meta.html" >/dev/null
cp "$work/survey-meta.docx" ../../../SpeakImportTests/Golden/libreoffice-survey.docx
cp "$work/survey-meta.odt" ../../../SpeakImportTests/Golden/libreoffice-survey.odt
# Tracked changes and a comment as LibreOffice writes them (w:ins, w:del, w:comment…; ODT's
# text:tracked-changes), from a flat ODT that records them with their authors and dates.
cp changes.fodt "$work/changes.fodt"
soffice --headless --convert-to "docx:MS Word 2007 XML" --outdir "$work" "$work/changes.fodt" >/dev/null
soffice --headless --convert-to odt --outdir "$work" "$work/changes.fodt" >/dev/null
cp "$work/changes.docx" ../../../SpeakImportTests/Golden/libreoffice-changes.docx
cp "$work/changes.odt" ../../../SpeakImportTests/Golden/libreoffice-changes.odt
