#ifndef SPEAK_CLD2_H
#define SPEAK_CLD2_H

#ifdef __cplusplus
extern "C" {
#endif

/* The three most likely languages of UTF-8 `text` by CLD2 (Debian's libcld2, opened on first
   use): ISO 639 codes ("en", "fr", "un" for unknown) in `codes` (3 x 8 bytes, each zero-terminated), their share of
   the text in percent, and whether CLD2 calls the result reliable. Returns 0, or -1 when the
   library cannot be loaded. */
int speak_cld2_detect(const char *text, int length, char *codes, int *percents, int *reliable);

#ifdef __cplusplus
}
#endif

#endif
