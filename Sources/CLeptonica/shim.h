#include <leptonica/allheaders.h>

/* lept_free is a function, but the returned strings are plain malloc memory; a wrapper keeps
   the Swift side from touching Leptonica's allocator macros. */
static inline void speak_lept_free(void *p) { lept_free(p); }
