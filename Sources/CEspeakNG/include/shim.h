#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#include <stdio.h>

/* eSpeak-NG prints diagnostics such as "espeak: No envelope" with fprintf(stderr, …) in the
   middle of synthesis. Pointing the C library's stderr stream at /dev/null silences them;
   speak's own messages are written to file descriptor 2 directly and still get through. */
static inline void speak_silence_c_stderr(void) {
    FILE *sink = fopen("/dev/null", "w");
    if (sink) { stderr = sink; }
}

/* libespeak-ng is loaded on first use, not linked: with its audio libraries (PulseAudio, ALSA,
   X11, D-Bus, …) it cost every speak command 3.5 ms of start-up, commands that never speak
   included. NULL when it is loaded, else why it cannot be. */
const char *speak_espeak_missing(void);
