/* Lays out a text as a two-column A4 paper with cairo, for speak's PDF sample, tests and
 * measurements. Written for speak; built and run by scripts/make-pdf.
 *
 *   pdf-render OUT.pdf TEXT.txt [--pages N] [--scanned] [--turned PAGE] [--roman N] [--label-prefix P]
 *
 * TEXT.txt: the first line is the title, the second the author; "## " starts a section (an
 * outline entry); blank lines separate paragraphs; "[^note text]" puts a footnote mark in the
 * text and the note at the foot of the page. Every page has a running header and a page number. Long words at line ends are hyphenated. --pages repeats the text
 * until the document has N pages; --scanned draws each page as an image (no text layer);
 * --turned draws page PAGE's text turned a quarter turn, as landscape pages are; --roman
 * numbers the first N pages i, ii, iii… like a book's front matter (in print and in the PDF's
 * page labels) and the rest from 1; --label-prefix puts P before the front matter's labels
 * only (a non-ASCII P makes cairo write them as UTF-16 with a byte order mark).
 */
#include <cairo-pdf.h>
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_W 595.0
#define PAGE_H 842.0
#define MARGIN 56.0
#define GUTTER 18.0
#define BODY 12.0
#define LEADING 15.5
#define NOTE 7.5
#define TOP 86.0
#define BOTTOM 770.0

static const char *header = "Harbour Studies - Notes from the Archive";

typedef struct {
    cairo_surface_t *pdf;
    cairo_t *cr;          /* draws the current page (on the PDF, or on an image when scanned) */
    cairo_surface_t *image;
    int scanned, turned_page, roman;
    const char *label_prefix;
    int page, max_pages;
    int column;
    double y;
    char notes[8][512];
    int note_count, note_number;
    const char *title;
    char mark[8];        /* a footnote mark waiting for its line to be drawn */
    double mark_x;       /* its offset from the start of that line */
} Layout;

static void font(cairo_t *cr, double size, int bold) {
    cairo_select_font_face(cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

static double advance(cairo_t *cr, const char *text) {
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    return e.x_advance;
}

static double column_x(Layout *l) {
    double width = (PAGE_W - 2 * MARGIN - GUTTER) / 2;
    return MARGIN + l->column * (width + GUTTER);
}

static double column_width(void) { return (PAGE_W - 2 * MARGIN - GUTTER) / 2; }

/* The page's printed number: roman in the front matter, then counting from 1. */
static void page_label(Layout *l, char *out, size_t size) {
    if (l->page > l->roman) {
        snprintf(out, size, "%d", l->page - l->roman);
        return;
    }
    static const char *ones[] = {"", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"};
    static const char *tens[] = {"", "x", "xx", "xxx", "xl", "l", "lx", "lxx", "lxxx", "xc"};
    snprintf(out, size, "%s%s", tens[(l->page / 10) % 10], ones[l->page % 10]);
}

static void begin_page(Layout *l) {
    l->page++;
    l->column = 0;
    l->y = TOP;
    l->note_count = 0;
    if (l->roman) {
        char number[16], label[96];
        page_label(l, number, sizeof number);
        snprintf(label, sizeof label, "%s%s", l->page <= l->roman && l->label_prefix ? l->label_prefix : "", number);
        cairo_pdf_surface_set_page_label(l->pdf, label);
    }
    if (l->scanned) {
        l->image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(PAGE_W * 200 / 72), (int)(PAGE_H * 200 / 72));
        l->cr = cairo_create(l->image);
        cairo_set_source_rgb(l->cr, 1, 1, 1);
        cairo_paint(l->cr);
        cairo_scale(l->cr, 200 / 72.0, 200 / 72.0);
    } else {
        l->cr = cairo_create(l->pdf);
    }
    if (l->page == l->turned_page) {
        cairo_translate(l->cr, PAGE_W, 0);
        cairo_rotate(l->cr, M_PI / 2);
        cairo_scale(l->cr, 0.7, 0.7);
    }
    cairo_set_source_rgb(l->cr, 0, 0, 0);
    font(l->cr, 8, 0);
    cairo_move_to(l->cr, MARGIN, 40);
    cairo_show_text(l->cr, header);
    font(l->cr, BODY, 0); /* a paragraph may continue on this page */
}

static void end_page(Layout *l) {
    font(l->cr, NOTE, 0);
    double y = BOTTOM + 8 - l->note_count * (NOTE + 2);
    for (int i = 0; i < l->note_count; i++, y += NOTE + 2) {
        cairo_move_to(l->cr, MARGIN, y);
        cairo_show_text(l->cr, l->notes[i]);
    }
    char number[16];
    page_label(l, number, sizeof number);
    font(l->cr, 9, 0);
    cairo_move_to(l->cr, PAGE_W / 2 - advance(l->cr, number) / 2, 812);
    cairo_show_text(l->cr, number);
    cairo_destroy(l->cr);
    if (l->scanned) {
        cairo_surface_flush(l->image);
        cairo_t *pdf = cairo_create(l->pdf);
        cairo_scale(pdf, 72 / 200.0, 72 / 200.0);
        cairo_set_source_surface(pdf, l->image, 0, 0);
        cairo_paint(pdf);
        cairo_destroy(pdf);
        cairo_surface_destroy(l->image);
    }
    cairo_surface_show_page(l->pdf);
}

/* Room left in the column: space for three notes is kept free on every page, so a note
 * registered late never lands on lines already set. */
static double column_bottom(Layout *l) { (void)l; return BOTTOM - 12 - 3 * (NOTE + 2); }

static int next_line(Layout *l, double height) {
    l->y += height;
    if (l->y <= column_bottom(l)) return 1;
    if (l->column == 0) {
        l->column = 1;
        l->y = l->page == 1 ? TOP + 70 : TOP;
        l->y += height;
        return 1;
    }
    end_page(l);
    if (l->max_pages && l->page >= l->max_pages) return 0;
    begin_page(l);
    l->y += height;
    return 1;
}

/* Draws a line of body text, then the footnote mark raised after its word. */
static void show(Layout *l, const char *text, double x) {
    cairo_move_to(l->cr, x, l->y);
    cairo_show_text(l->cr, text);
    if (l->mark[0]) {
        font(l->cr, 6, 0);
        cairo_move_to(l->cr, x + l->mark_x + 0.5, l->y - 4);
        cairo_show_text(l->cr, l->mark);
        font(l->cr, BODY, 0);
        l->mark[0] = 0;
    }
}

/* Sets a paragraph in the current column, hyphenating long words that do not fit. */
static int paragraph(Layout *l, char *text, int indent) {
    font(l->cr, BODY, 0);
    char line[1024] = "";
    double x0 = column_x(l), width = column_width();
    double first = indent ? 12 : 0;
    int have_line = 0;
    char *save = NULL;
    for (char *word = strtok_r(text, " \n", &save); word; word = strtok_r(NULL, " \n", &save)) {
        char mark[8] = "";
        char *note = strstr(word, "[^");
        if (note && l->note_count < 3) {
            /* The note text runs to the closing bracket, across words. */
            char buffer[512];
            snprintf(buffer, sizeof buffer, "%s", note + 2);
            *note = 0;
            while (!strchr(buffer, ']')) {
                char *more = strtok_r(NULL, " \n", &save);
                if (!more) break;
                strncat(buffer, " ", sizeof buffer - strlen(buffer) - 1);
                strncat(buffer, more, sizeof buffer - strlen(buffer) - 1);
            }
            char *end = strchr(buffer, ']');
            char rest[64] = "";
            if (end) { snprintf(rest, sizeof rest, "%s", end + 1); *end = 0; }
            l->note_number++;
            snprintf(mark, sizeof mark, "%d", l->note_number);
            snprintf(l->notes[l->note_count++], 512, "%d %s", l->note_number, buffer);
            strncat(word, rest, 63);
        }
        char trial[1100];
        snprintf(trial, sizeof trial, "%s%s%s", line, have_line ? " " : "", word);
        double room = width - (have_line || line[0] ? 0 : 0) - first;
        if (advance(l->cr, trial) > room && line[0]) {
            size_t n = strlen(word);
            if (n >= 9) {
                char head[600];
                size_t cut = n / 2 + 1;
                snprintf(head, sizeof head, "%s %.*s-", line, (int)cut, word);
                if (advance(l->cr, head) <= room) {
                    show(l, head, x0 + first);
                    if (!next_line(l, LEADING)) return 0;
                    x0 = column_x(l);
                    first = 0;
                    snprintf(line, sizeof line, "%s", word + cut);
                    have_line = 1;
                    goto marked;
                }
            }
            show(l, line, x0 + first);
            if (!next_line(l, LEADING)) return 0;
            x0 = column_x(l);
            first = 0;
            snprintf(line, sizeof line, "%s", word);
        } else {
            snprintf(line, sizeof line, "%s", trial);
        }
        have_line = 1;
    marked:
        if (mark[0]) {
            snprintf(l->mark, sizeof l->mark, "%s", mark);
            l->mark_x = advance(l->cr, line);
            strncat(line, "  ", sizeof line - strlen(line) - 1);
        }
    }
    if (line[0]) show(l, line, x0 + first);
    return next_line(l, LEADING + 4);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: pdf-render OUT.pdf TEXT.txt [--pages N] [--scanned] [--turned PAGE] [--roman N] [--label-prefix P]\n");
        return 64;
    }
    Layout l = {0};
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--pages") && i + 1 < argc) l.max_pages = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--scanned")) l.scanned = 1;
        else if (!strcmp(argv[i], "--turned") && i + 1 < argc) l.turned_page = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--roman") && i + 1 < argc) l.roman = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--label-prefix") && i + 1 < argc) l.label_prefix = argv[++i];
    }
    FILE *f = fopen(argv[2], "rb");
    if (!f) { perror(argv[2]); return 66; }
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *title = strtok(text, "\n");
    char *author = strtok(NULL, "\n");
    char *body = author ? author + strlen(author) + 1 : text + n;
    l.pdf = cairo_pdf_surface_create(argv[1], PAGE_W, PAGE_H);
    if (cairo_surface_status(l.pdf) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "%s: cannot write\n", argv[1]); return 73; }
    cairo_pdf_surface_set_metadata(l.pdf, CAIRO_PDF_METADATA_TITLE, title ? title : "");
    cairo_pdf_surface_set_metadata(l.pdf, CAIRO_PDF_METADATA_AUTHOR, author ? author : "");
    begin_page(&l);
    font(l.cr, 18, 1);
    cairo_move_to(l.cr, MARGIN, TOP + 8);
    cairo_show_text(l.cr, title ? title : "");
    font(l.cr, 11, 0);
    cairo_move_to(l.cr, MARGIN, TOP + 34);
    cairo_show_text(l.cr, author ? author : "");
    l.y = TOP + 70;
    size_t body_length = strlen(body);
    char *copy = malloc(body_length + 1);
    int running = 1;
    do {
        memcpy(copy, body, body_length + 1);
        char *p = copy;
        while (running && *p) {
            char *end = strstr(p, "\n\n");
            if (end) *end = 0;
            while (*p == '\n') p++;
            if (!strncmp(p, "## ", 3)) {
                if (!next_line(&l, 8)) { running = 0; break; }
                font(l.cr, 12, 1);
                show(&l, p + 3, column_x(&l));
                char dest[64];
                snprintf(dest, sizeof dest, "page=%d pos=[%.0f %.0f]", l.page, column_x(&l), l.y - 12);
                cairo_pdf_surface_add_outline(l.pdf, CAIRO_PDF_OUTLINE_ROOT, p + 3, dest, 0);
                running = next_line(&l, LEADING + 4);
            } else if (*p) {
                running = paragraph(&l, p, 1);
            }
            if (!end) break;
            p = end + 2;
        }
    } while (running && l.max_pages && l.page < l.max_pages);
    if (running) end_page(&l);
    free(copy);
    cairo_surface_finish(l.pdf);
    int failed = cairo_surface_status(l.pdf) != CAIRO_STATUS_SUCCESS;
    cairo_surface_destroy(l.pdf);
    return failed ? 73 : 0;
}
