/* Renders text as a "scanned" page and packs pages into a multi-page TIFF, for speak's OCR
 * sample, tests and measurements. Written for speak; built and run by scripts/make-scan.
 *
 *   scan-render page OUT.png TEXT.txt [ANGLE_DEGREES] [NOISE_PER_MILLION] [SEED] [rules|columns]
 *       TEXT.txt: first line is a heading, blank lines separate paragraphs; a paragraph whose
 *       lines hold tabs is a table (one row per line, cells in aligned columns, ruled between
 *       rows when "rules" is given). With "columns", the paragraphs after the heading are set in
 *       two columns, the first half on the left.
 *       The page is A4 at 200 dpi, 8-bit gray, turned by ANGLE and sprinkled with specks.
 *   scan-render tiff OUT.tif IN.png...     the pages thresholded into a G4 multi-page TIFF at 200 dpi
 *   scan-render turn OUT.png IN.png QUARTERS   turned by quarter turns clockwise (a page scanned sideways)
 *   scan-render crop OUT.EXT IN.png HEIGHT     the top HEIGHT pixels, in the format OUT's extension names
 *   scan-render photo OUT.jpg IN.png   a phone photo of the page: in perspective, a shadow across
 *                                      it, softened, saved as a JPEG of middling quality
 *   scan-render blur OUT.jpg IN.png    out of focus and saved as a poor JPEG
 */
#include <cairo.h>
#include <leptonica/allheaders.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(66); }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc(n + 1);
    if (fread(text, 1, n, f) != (size_t)n) { perror(path); exit(74); }
    text[n] = 0;
    fclose(f);
    return text;
}

/* Draws one paragraph, wrapped to `width`; returns the y after it. */
static double paragraph(cairo_t *cr, const char *text, double x, double y, double width, double leading) {
    char line[4096] = "", word[512];
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\n') p++;
        if (!*p) break;
        int n = 0;
        while (*p && *p != ' ' && *p != '\n' && n < 511) word[n++] = *p++;
        word[n] = 0;
        char trial[4096];
        snprintf(trial, sizeof trial, "%s%s%s", line, *line ? " " : "", word);
        cairo_text_extents_t e;
        cairo_text_extents(cr, trial, &e);
        if (e.x_advance > width && *line) {
            cairo_move_to(cr, x, y);
            cairo_show_text(cr, line);
            y += leading;
            snprintf(line, sizeof line, "%s", word);
        } else {
            snprintf(line, sizeof line, "%s", trial);
        }
    }
    if (*line) { cairo_move_to(cr, x, y); cairo_show_text(cr, line); y += leading; }
    return y;
}

/* Draws a table: one row per line, cells split at tabs, columns as wide as their widest cell;
 * returns the y after it. */
static double table(cairo_t *cr, const char *text, double x, double y, double leading, int rules) {
    char rows[64][16][256];
    int rowCount = 0, cols[64] = {0}, columnCount = 0;
    const char *p = text;
    while (*p && rowCount < 64) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        int c = 0;
        const char *cell = p;
        while (cell <= p + n && c < 16) {
            const char *tab = memchr(cell, '\t', (size_t)(p + n - cell));
            size_t len = tab ? (size_t)(tab - cell) : (size_t)(p + n - cell);
            if (len > 255) len = 255;
            memcpy(rows[rowCount][c], cell, len);
            rows[rowCount][c][len] = 0;
            c++;
            if (!tab) break;
            cell = tab + 1;
        }
        cols[rowCount++] = c;
        if (c > columnCount) columnCount = c;
        p += n;
        if (*p == '\n') p++;
    }
    double widths[16] = {0};
    for (int r = 0; r < rowCount; r++)
        for (int c = 0; c < cols[r]; c++) {
            cairo_text_extents_t e;
            cairo_text_extents(cr, rows[r][c], &e);
            if (e.x_advance > widths[c]) widths[c] = e.x_advance;
        }
    double right = x;
    for (int c = 0; c < columnCount; c++) right += widths[c] + 70;
    for (int r = 0; r < rowCount; r++) {
        double cx = x;
        for (int c = 0; c < cols[r]; c++) {
            cairo_move_to(cr, cx, y);
            cairo_show_text(cr, rows[r][c]);
            cx += widths[c] + 70;
        }
        if (rules) {
            cairo_set_line_width(cr, 2);
            cairo_move_to(cr, x - 10, y + leading * 0.35);
            cairo_line_to(cr, right - 50, y + leading * 0.35);
            cairo_stroke(cr);
        }
        y += leading;
    }
    return y;
}

static int page(int argc, char **argv) {
    if (argc < 4) return 64;
    const char *out = argv[2];
    char *text = slurp(argv[3]);
    double angle = argc > 4 ? atof(argv[4]) : 0;
    int noise = argc > 5 ? atoi(argv[5]) : 0;
    srand(argc > 6 ? atoi(argv[6]) : 1);
    int rules = argc > 7 && !strcmp(argv[7], "rules");
    int columns = argc > 7 && !strcmp(argv[7], "columns");
    const int w = 1654, h = 2339; /* A4 at 200 dpi */
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0.97, 0.96, 0.93);
    cairo_paint(cr);
    cairo_translate(cr, w / 2.0, h / 2.0);
    cairo_rotate(cr, angle * M_PI / 180);
    cairo_translate(cr, -w / 2.0, -h / 2.0);
    cairo_set_source_rgb(cr, 0.12, 0.12, 0.14);
    double margin = 190, y = 260, width = w - 2 * margin;
    char *save = NULL;
    char *block = strtok_r(text, "\n", &save);
    int first = 1;
    /* Paragraphs are separated by blank lines: rebuild them from the lines. */
    char para[8192] = "";
    cairo_select_font_face(cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 52);
    if (block) { cairo_move_to(cr, margin, y); cairo_show_text(cr, block); y += 120; }
    cairo_select_font_face(cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 31);
    const char *rest = block ? block + strlen(block) + 1 : text;
    (void)first;
    const char *p = rest;
    int paragraphs = 0, placed = 0;
    for (const char *q = rest; (q = strstr(q, "\n\n")); q += 2) paragraphs++;
    double top = y, x = margin;
    if (columns) width = (width - 60) / 2;
    while (*p) {
        if (columns && placed == (paragraphs + 2) / 2 && x == margin) { x = margin + width + 60; y = top; }
        const char *end = strstr(p, "\n\n");
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n >= sizeof para) n = sizeof para - 1;
        memcpy(para, p, n);
        para[n] = 0;
        if (strchr(para, '\t')) { y = table(cr, para, x, y, 50, rules); y += 30; placed++; }
        else if (strspn(para, " \n") < n) { y = paragraph(cr, para, x, y, width, 46); y += 30; placed++; }
        p += n;
        while (*p == '\n') p++;
    }
    cairo_identity_matrix(cr);
    for (int i = 0; i < (long)w * h / 1000000.0 * noise; i++) {
        double sx = rand() % w, sy = rand() % h, r = 0.6 + (rand() % 100) / 60.0;
        double shade = (rand() % 100) / 200.0;
        cairo_set_source_rgb(cr, shade, shade, shade);
        cairo_arc(cr, sx, sy, r, 0, 2 * M_PI);
        cairo_fill(cr);
    }
    cairo_surface_flush(surface);
    cairo_status_t status = cairo_surface_write_to_png(surface, out);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    free(text);
    if (status != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "%s: %s\n", out, cairo_status_to_string(status)); return 73; }
    /* Scanners write gray with a resolution: convert cairo's RGB output. */
    PIX *rgb = pixRead(out);
    PIX *gray = rgb ? pixConvertTo8(rgb, 0) : NULL;
    if (!gray) { fprintf(stderr, "%s: cannot convert\n", out); return 73; }
    pixSetResolution(gray, 200, 200);
    int failed = pixWrite(out, gray, IFF_PNG);
    pixDestroy(&gray);
    pixDestroy(&rgb);
    return failed ? 73 : 0;
}

static int tiff(int argc, char **argv) {
    if (argc < 4) return 64;
    remove(argv[2]);
    for (int i = 3; i < argc; i++) {
        PIX *pix = pixRead(argv[i]);
        if (!pix) { fprintf(stderr, "%s: cannot read\n", argv[i]); return 65; }
        PIX *gray = pixConvertTo8(pix, 0);
        PIX *binary = pixConvertTo1(gray, 150);
        pixSetResolution(binary, 200, 200);
        int status = pixWriteTiff(argv[2], binary, IFF_TIFF_G4, i == 3 ? "w" : "a");
        pixDestroy(&binary);
        pixDestroy(&gray);
        pixDestroy(&pix);
        if (status) { fprintf(stderr, "%s: cannot write\n", argv[2]); return 73; }
    }
    return 0;
}

static int turn(int argc, char **argv) {
    if (argc < 5) return 64;
    PIX *pix = pixRead(argv[3]);
    if (!pix) { fprintf(stderr, "%s: cannot read\n", argv[3]); return 65; }
    PIX *turned = pixRotateOrth(pix, atoi(argv[4]) % 4);
    int failed = !turned || pixWrite(argv[2], turned, IFF_PNG);
    pixDestroy(&turned);
    pixDestroy(&pix);
    return failed ? 73 : 0;
}

static int crop(int argc, char **argv) {
    if (argc < 5) return 64;
    PIX *pix = pixRead(argv[3]);
    if (!pix) { fprintf(stderr, "%s: cannot read\n", argv[3]); return 65; }
    BOX *box = boxCreate(0, 0, pixGetWidth(pix), atoi(argv[4]));
    PIX *top = pixClipRectangle(pix, box, NULL);
    int failed = !top || pixWriteImpliedFormat(argv[2], top, 0, 0);
    pixDestroy(&top);
    boxDestroy(&box);
    pixDestroy(&pix);
    return failed ? 73 : 0;
}

/* A page as 8-bit gray, or NULL after saying why. */
static PIX *readGray(const char *path) {
    PIX *page = pixRead(path);
    PIX *gray = page ? pixConvertTo8(page, 0) : NULL;
    pixDestroy(&page);
    if (!gray) fprintf(stderr, "%s: cannot read\n", path);
    return gray;
}

/* A phone photo: the page in perspective, darker towards one corner, slightly soft. */
static int photo(int argc, char **argv) {
    if (argc < 4) return 64;
    PIX *gray = readGray(argv[3]);
    if (!gray) return 65;
    int w = pixGetWidth(gray), h = pixGetHeight(gray);
    PTA *from = ptaCreate(4), *to = ptaCreate(4);
    ptaAddPt(from, 0, 0); ptaAddPt(from, w - 1, 0); ptaAddPt(from, 0, h - 1); ptaAddPt(from, w - 1, h - 1);
    ptaAddPt(to, 0.04 * w, 0.02 * h); ptaAddPt(to, 0.97 * w, 0); ptaAddPt(to, 0, h - 1); ptaAddPt(to, w - 1, 0.96 * h);
    PIX *tilted = pixProjectivePtaGray(gray, to, from, 255);
    if (!tilted) return 70;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            l_uint32 v;
            pixGetPixel(tilted, x, y, &v);
            double shade = 1.0 - 0.55 * ((double)x / w * 0.4 + (double)y / h * 0.6);
            pixSetPixel(tilted, x, y, (l_uint32)(v * shade));
        }
    PIX *soft = pixBlockconvGray(tilted, NULL, 1, 1);
    int failed = !soft || pixWriteJpeg(argv[2], soft, 55, 0);
    pixDestroy(&soft); pixDestroy(&tilted); pixDestroy(&gray);
    ptaDestroy(&from); ptaDestroy(&to);
    return failed ? 73 : 0;
}

/* Out of focus, and compressed hard. */
static int blur(int argc, char **argv) {
    if (argc < 4) return 64;
    PIX *gray = readGray(argv[3]);
    if (!gray) return 65;
    PIX *soft = pixBlockconvGray(gray, NULL, 2, 2);
    int failed = !soft || pixWriteJpeg(argv[2], soft, 30, 0);
    pixDestroy(&soft); pixDestroy(&gray);
    return failed ? 73 : 0;
}

int main(int argc, char **argv) {
    setMsgSeverity(L_SEVERITY_NONE);
    if (argc > 1 && !strcmp(argv[1], "page")) return page(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "tiff")) return tiff(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "turn")) return turn(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "crop")) return crop(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "photo")) return photo(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "blur")) return blur(argc, argv);
    fprintf(stderr, "usage: scan-render page OUT.png TEXT.txt [ANGLE] [NOISE] [SEED] [rules|columns] | tiff OUT.tif IN.png... | turn OUT.png IN.png QUARTERS | crop OUT.EXT IN.png HEIGHT | photo OUT.jpg IN.png | blur OUT.jpg IN.png\n");
    return 64;
}
