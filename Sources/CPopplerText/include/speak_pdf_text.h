/* Words of a PDF page in content-stream order, from poppler's core TextOutputDev (poppler-glib
 * only offers the physical-layout order). A thin C face for Swift over a few C++ calls. */
#ifndef SPEAK_PDF_TEXT_H
#define SPEAK_PDF_TEXT_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct speak_pdf_text speak_pdf_text;

typedef struct {
    int offset, length;  /* the word's UTF-8 bytes in the list's text */
    double x0, y0, x1, y1; /* points, top-left origin */
    double size;         /* font size in points */
    double baseline;
    int rotation;        /* 0..3 quarter turns */
    int bold;
    int space_after;
} speak_pdf_word;

typedef struct {
    speak_pdf_word *words;
    int count;
    char *text;          /* every word's UTF-8, one after the other */
} speak_pdf_words;

/* Sends poppler's own error messages nowhere: speak reports what went wrong in one line of its own. */
void speak_pdf_silence_errors(void);

/* Opens a document; *status is 0 on success, 1 when it needs a (different) password, 2 when damaged. */
speak_pdf_text *speak_pdf_text_open(const char *path, const char *password, int *status);
void speak_pdf_text_close(speak_pdf_text *document);
int speak_pdf_text_page_count(speak_pdf_text *document);
/* The words of page `index` (0-based): content-stream order when raw is non-zero, else poppler's
 * reading order. Free with speak_pdf_words_free. */
speak_pdf_words speak_pdf_text_words(speak_pdf_text *document, int index, int raw);
void speak_pdf_words_free(speak_pdf_words words);
/* The page's size in points as its text is laid out (turned by the page's /Rotate), and its
 * printed label ("iv", "12"; malloc'd, NULL when the document has none). */
void speak_pdf_text_page_size(speak_pdf_text *document, int index, double *width, double *height);
char *speak_pdf_text_page_label(speak_pdf_text *document, int index);

/* The document information entry `key` ("Title", "Author") as UTF-8, trimmed of nothing
 * (malloc'd; NULL when missing). */
char *speak_pdf_text_info(speak_pdf_text *document, const char *key);

typedef struct {
    char *title;             /* UTF-8 */
    int level;               /* 1 for top-level entries */
    int page;                /* 0-based */
    int has_top, has_left;
    double top, left;        /* PDF user space: top counts from the page's bottom */
} speak_pdf_outline_entry;

typedef struct {
    speak_pdf_outline_entry *entries;
    int count;
} speak_pdf_outline;

/* The outline entries that go to a page of this document, nested ones after their parent
 * (8 levels at most). Free with speak_pdf_outline_free. */
speak_pdf_outline speak_pdf_text_outline(speak_pdf_text *document);
void speak_pdf_outline_free(speak_pdf_outline outline);

/* Renders page `index` on white at `dpi` into a PNG file (color), or with `gray_tiff` into an
 * uncompressed gray TIFF (for OCR); 0 when written, -1 when the page would be over
 * `max_pixels` pixels, 1 when rendering or writing failed. */
int speak_pdf_text_render(speak_pdf_text *document, int index, double dpi, double max_pixels, int gray_tiff, const char *path);

/* The poppler release these functions were built with ("22.12.0"). */
const char *speak_pdf_poppler_version(void);

/* poppler allocates and frees a text page per page: keep freed heap instead of handing it back
 * to the kernel and faulting it in again (a quarter of the time on text PDFs). */
void speak_pdf_keep_heap(void);

#ifdef __cplusplus
}
#endif

#endif
