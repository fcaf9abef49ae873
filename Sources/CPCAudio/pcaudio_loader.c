// The pcaudiolib functions speak uses, forwarded to libpcaudio.so.0 opened on first use (see
// CEspeakNG's loader: linking it loaded PulseAudio, ALSA and X11 into every command).
#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define SPEAK_PCAUDIO_SYMBOLS(X) \
    X(audio_object_open) X(audio_object_close) X(audio_object_destroy) X(audio_object_write) \
    X(audio_object_drain) X(audio_object_flush) X(audio_object_strerror) X(create_audio_device_object)

#define SPEAK_POINTER(name) static __typeof__(name) *p_##name;
SPEAK_PCAUDIO_SYMBOLS(SPEAK_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *library = dlopen("libpcaudio.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "libpcaudio.so.0 cannot be loaded");
        return;
    }
#define SPEAK_RESOLVE(name) \
    p_##name = (__typeof__(name) *)dlsym(library, #name); \
    if (!p_##name && !failure[0]) snprintf(failure, sizeof failure, "libpcaudio.so.0 has no %s", #name);
    SPEAK_PCAUDIO_SYMBOLS(SPEAK_RESOLVE)
}

const char *speak_pcaudio_missing(void) {
    pthread_once(&once, load);
    return failure[0] ? failure : NULL;
}

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN int audio_object_open(struct audio_object *object, enum audio_object_format format, uint32_t rate, uint8_t channels) {
    return speak_pcaudio_missing() ? -1 : p_audio_object_open(object, format, rate, channels);
}

HIDDEN void audio_object_close(struct audio_object *object) {
    if (!speak_pcaudio_missing()) p_audio_object_close(object);
}

HIDDEN void audio_object_destroy(struct audio_object *object) {
    if (!speak_pcaudio_missing()) p_audio_object_destroy(object);
}

HIDDEN int audio_object_write(struct audio_object *object, const void *data, size_t bytes) {
    return speak_pcaudio_missing() ? -1 : p_audio_object_write(object, data, bytes);
}

HIDDEN int audio_object_drain(struct audio_object *object) {
    return speak_pcaudio_missing() ? -1 : p_audio_object_drain(object);
}

HIDDEN int audio_object_flush(struct audio_object *object) {
    return speak_pcaudio_missing() ? -1 : p_audio_object_flush(object);
}

HIDDEN const char *audio_object_strerror(struct audio_object *object, int error) {
    return speak_pcaudio_missing() ? failure : p_audio_object_strerror(object, error);
}

HIDDEN struct audio_object *create_audio_device_object(const char *device, const char *application_name, const char *description) {
    return speak_pcaudio_missing() ? NULL : p_create_audio_device_object(device, application_name, description);
}
