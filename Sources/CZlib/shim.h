#include <zlib.h>

/* inflateInit2 is a macro; Swift sees only the function behind it. */
static inline int speak_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}

/* A gzip file: its header and trailer, then the deflate stream between them. */
static inline int speak_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}
