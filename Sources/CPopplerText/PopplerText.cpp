#include <Error.h>
#include "speak_pdf_text.h"

#include <GlobalParams.h>
#include <PDFDoc.h>
#include <TextOutputDev.h>
#include <Catalog.h>
#include <goo/GooString.h>

#include <cstdlib>
#include <malloc.h>
#include <optional>
#include <string>
#include <cstring>
#include <memory>
#include <sys/stat.h>
#include <vector>

struct speak_pdf_text {
    // The file's bytes when it is read whole (declared first: the document using them goes first).
    std::vector<char> bytes;
    std::unique_ptr<PDFDoc> doc;
    // One device per order, kept for the whole document: a new TextOutputDev per page rebuilt
    // LittleCMS colour transforms every page, which took more time than the text itself.
    std::unique_ptr<TextOutputDev> raw, ordered;
};

static void speak_pdf_ignore_error(ErrorCategory, Goffset, const char *) {}

// Files up to this size are read into memory whole (each of a document's helpers holds a copy).
static const off_t wholeFileLimit = 64 << 20;

extern "C" void speak_pdf_silence_errors(void) {
    setErrorCallback(speak_pdf_ignore_error);
}

extern "C" speak_pdf_text *speak_pdf_text_open(const char *path, const char *password, int *status) {
    // poppler-glib sets the globals up on its first document; do the same when it has not yet.
    if (!globalParams) globalParams = std::make_unique<GlobalParams>();
    std::optional<GooString> owner, user;
    if (password) {
        owner = GooString(password);
        user = GooString(password);
    }
    auto result = std::make_unique<speak_pdf_text>();
    // Poppler reads a file 256 bytes at a time, a system call each: a document of reasonable
    // size is read whole and parsed from memory (a twentieth of a helper's time on a book).
    struct stat file;
    if (stat(path, &file) == 0 && S_ISREG(file.st_mode) && file.st_size > 0 && file.st_size <= wholeFileLimit) {
        if (FILE *input = std::fopen(path, "rb")) {
            result->bytes.resize(static_cast<size_t>(file.st_size));
            size_t read = std::fread(result->bytes.data(), 1, result->bytes.size(), input);
            std::fclose(input);
            if (read != result->bytes.size()) result->bytes.clear();
        }
    }
    if (!result->bytes.empty()) {
        auto *stream = new MemStream(result->bytes.data(), 0, static_cast<Goffset>(result->bytes.size()), Object(objNull));
        result->doc = std::make_unique<PDFDoc>(stream, owner, user);
    } else {
        result->doc = std::make_unique<PDFDoc>(std::make_unique<GooString>(path), owner, user);
    }
    if (!result->doc->isOk()) {
        *status = result->doc->getErrorCode() == errEncrypted ? 1 : 2;
        return nullptr;
    }
    *status = 0;
    return result.release();
}

extern "C" void speak_pdf_text_close(speak_pdf_text *document) { delete document; }

PDFDoc *speak_pdf_doc(speak_pdf_text *document) { return document->doc.get(); }

extern "C" int speak_pdf_text_page_count(speak_pdf_text *document) { return document->doc->getNumPages(); }

extern "C" speak_pdf_words speak_pdf_text_words(speak_pdf_text *document, int index, int raw) {
    speak_pdf_words result = {nullptr, 0, nullptr};
    std::unique_ptr<TextOutputDev> &device = raw ? document->raw : document->ordered;
    if (!device) device = std::make_unique<TextOutputDev>(nullptr, false, 0, raw != 0, false);
    if (!device->isOk()) return result;
    document->doc->displayPage(device.get(), index + 1, 72, 72, 0, true, false, false);
    std::unique_ptr<TextWordList> list = device->makeWordList();
    if (!list || list->getLength() == 0) return result;
    result.words = static_cast<speak_pdf_word *>(calloc(list->getLength(), sizeof(speak_pdf_word)));
    if (!result.words) return result;
    // One buffer for all the words' text: a page has hundreds of words.
    std::string text;
    text.reserve(list->getLength() * 8);
    for (int i = 0; i < list->getLength(); i++) {
        TextWord *word = list->get(i);
        speak_pdf_word &out = result.words[result.count];
        std::unique_ptr<GooString> utf8(word->getText());
        out.offset = static_cast<int>(text.size());
        if (utf8) text.append(utf8->c_str(), utf8->getLength());
        out.length = static_cast<int>(text.size()) - out.offset;
        word->getBBox(&out.x0, &out.y0, &out.x1, &out.y1);
        out.size = word->getFontSize();
        out.baseline = word->getBaseline();
        out.rotation = word->getRotation();
        const TextFontInfo *font = word->getLength() > 0 ? word->getFontInfo(0) : nullptr;
        const GooString *name = font ? font->getFontName() : nullptr;
        out.bold = font && (font->isBold() || (name && (strstr(name->c_str(), "Bold") || strstr(name->c_str(), "Black")
                                                          || strstr(name->c_str(), "Heavy") || strstr(name->c_str(), "CMBX"))));
        out.space_after = word->hasSpaceAfter() ? 1 : 0;
        result.count++;
    }
    result.text = static_cast<char *>(malloc(text.size() + 1));
    if (!result.text) {
        free(result.words);
        return {nullptr, 0, nullptr};
    }
    memcpy(result.text, text.data(), text.size());
    result.text[text.size()] = 0;
    return result;
}

extern "C" void speak_pdf_words_free(speak_pdf_words words) {
    free(words.words);
    free(words.text);
}

extern "C" void speak_pdf_text_page_size(speak_pdf_text *document, int index, double *width, double *height) {
    double w = document->doc->getPageMediaWidth(index + 1), h = document->doc->getPageMediaHeight(index + 1);
    bool turned = document->doc->getPageRotate(index + 1) % 180 != 0;
    *width = turned ? h : w;
    *height = turned ? w : h;
}

extern "C" void speak_pdf_keep_heap(void) {
    mallopt(M_TOP_PAD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
}
