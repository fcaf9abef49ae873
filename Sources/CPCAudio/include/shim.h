#include <pcaudiolib/audio.h>

/* libpcaudio is loaded on first use, not linked (see CEspeakNG). NULL when it is loaded,
   else why it cannot be. */
const char *speak_pcaudio_missing(void);
