// Facts about a document (information entries, outline) and page rendering, from poppler's
// core: the helper links nothing else (poppler-glib and cairo cost every helper 5 ms to load).
#include "speak_pdf_text.h"

#include <Catalog.h>
#include <Link.h>
#include <Outline.h>
#include <PDFDoc.h>
#include <PDFDocEncoding.h>
#include <SplashOutputDev.h>
#include <goo/GooString.h>
#include <poppler-config.h>
#include <splash/SplashBitmap.h>
#include <splash/SplashErrorCodes.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

// The shim's own view of the document (see PopplerText.cpp).
PDFDoc *speak_pdf_doc(speak_pdf_text *document);

namespace {

void appendUTF8(std::string &out, Unicode c) {
    if (c == 0 || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) c = 0xFFFD;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// A PDF text string: UTF-16 with a byte order mark, else PDFDocEncoding.
std::string textStringToUTF8(const GooString &string) {
    const std::string &bytes = string.toStr();
    std::string out;
    bool big = GooString::hasUnicodeMarker(bytes), little = GooString::hasUnicodeMarkerLE(bytes);
    if (big || little) {
        for (size_t i = 2; i + 1 < bytes.size(); i += 2) {
            auto unit = [&](size_t at) {
                unsigned char a = bytes[at], b = bytes[at + 1];
                return big ? static_cast<Unicode>(a << 8 | b) : static_cast<Unicode>(b << 8 | a);
            };
            Unicode c = unit(i);
            if (c >= 0xD800 && c < 0xDC00 && i + 3 < bytes.size()) {
                Unicode low = unit(i + 2);
                if (low >= 0xDC00 && low < 0xE000) {
                    c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                    i += 2;
                }
            }
            appendUTF8(out, c);
        }
    } else {
        for (unsigned char byte : bytes) appendUTF8(out, pdfDocEncoding[byte] ? pdfDocEncoding[byte] : 0xFFFD);
    }
    return out;
}

char *copy(const std::string &string) {
    char *result = static_cast<char *>(malloc(string.size() + 1));
    if (result) memcpy(result, string.c_str(), string.size() + 1);
    return result;
}

void walk(PDFDoc *doc, const std::vector<OutlineItem *> *items, int level, std::vector<speak_pdf_outline_entry> &entries) {
    if (!items) return;
    for (OutlineItem *item : *items) {
        const LinkAction *action = item->getAction();
        if (action && action->isOk() && action->getKind() == actionGoTo) {
            auto *goTo = static_cast<const LinkGoTo *>(action);
            std::unique_ptr<LinkDest> named;
            const LinkDest *dest = goTo->getDest();
            if (!dest && goTo->getNamedDest()) {
                named = doc->findDest(goTo->getNamedDest());
                dest = named.get();
            }
            int page = !dest || !dest->isOk() ? 0 : dest->isPageRef() ? doc->findPage(dest->getPageRef()) : dest->getPageNum();
            if (page >= 1 && page <= doc->getNumPages()) {
                std::string title;
                for (int i = 0; i < item->getTitleLength(); i++) appendUTF8(title, item->getTitle()[i]);
                speak_pdf_outline_entry entry = {copy(title), level, page - 1, dest->getChangeTop() ? 1 : 0,
                                                 dest->getChangeLeft() ? 1 : 0, dest->getTop(), dest->getLeft()};
                if (entry.title) entries.push_back(entry);
            }
        }
        if (level < 8 && item->hasKids()) {
            item->open();
            walk(doc, item->getKids(), level + 1, entries);
        }
    }
}

} // namespace

// Labels are PDF text strings: UTF-16BE with a byte order mark ("ii" as FE FF 00 69 00 69)
// as often as PDFDocEncoding.
extern "C" char *speak_pdf_text_page_label(speak_pdf_text *document, int index) {
    Catalog *catalog = speak_pdf_doc(document)->getCatalog();
    if (!catalog) return nullptr;
    GooString label;
    if (!catalog->indexToLabel(index, &label)) return nullptr;
    return copy(textStringToUTF8(label));
}

extern "C" char *speak_pdf_text_info(speak_pdf_text *document, const char *key) {
    std::unique_ptr<GooString> value = speak_pdf_doc(document)->getDocInfoStringEntry(key);
    return value ? copy(textStringToUTF8(*value)) : nullptr;
}

extern "C" speak_pdf_outline speak_pdf_text_outline(speak_pdf_text *document) {
    speak_pdf_outline result = {nullptr, 0};
    PDFDoc *doc = speak_pdf_doc(document);
    Outline *outline = doc->getOutline();
    if (!outline) return result;
    std::vector<speak_pdf_outline_entry> entries;
    walk(doc, outline->getItems(), 1, entries);
    if (entries.empty()) return result;
    result.entries = static_cast<speak_pdf_outline_entry *>(calloc(entries.size(), sizeof(speak_pdf_outline_entry)));
    if (!result.entries) {
        for (auto &entry : entries) free(entry.title);
        return result;
    }
    memcpy(result.entries, entries.data(), entries.size() * sizeof(speak_pdf_outline_entry));
    result.count = static_cast<int>(entries.size());
    return result;
}

extern "C" void speak_pdf_outline_free(speak_pdf_outline outline) {
    for (int i = 0; i < outline.count; i++) free(outline.entries[i].title);
    free(outline.entries);
}

extern "C" int speak_pdf_text_render(speak_pdf_text *document, int index, double dpi, double max_pixels, int gray_tiff,
                                     const char *path) {
    PDFDoc *doc = speak_pdf_doc(document);
    if (index < 0 || index >= doc->getNumPages()) return 1;
    double width = doc->getPageCropWidth(index + 1) * dpi / 72, height = doc->getPageCropHeight(index + 1) * dpi / 72;
    if (!(width >= 1 && height >= 1) || width * height > max_pixels) return -1;
    SplashColor white = {255, 255, 255};
    // Pages for OCR: gray and uncompressed (a 300 dpi page took 1.6 s to compress as PNG; OCR
    // reads gray anyway). A cover: a small PNG.
    SplashOutputDev device(gray_tiff ? splashModeMono8 : splashModeRGB8, 4, false, white);
    device.startDoc(doc);
    doc->displayPage(&device, index + 1, dpi, dpi, 0, false, true, true);
    SplashBitmap *bitmap = device.getBitmap();
    if (!bitmap || bitmap->getWidth() <= 0) return 1;
    return bitmap->writeImgFile(gray_tiff ? splashFormatTiff : splashFormatPng, path, dpi, dpi) == splashOk ? 0 : 1;
}

extern "C" const char *speak_pdf_poppler_version(void) { return POPPLER_VERSION; }
