// The eSpeak NG functions speak uses, forwarded to libespeak-ng.so.1 opened on first use.
// Each forwarder has the library function's own name and prototype (the header checks them)
// and is hidden, so the library's calls into itself never land here.
#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define SPEAK_ESPEAK_SYMBOLS(X) \
    X(espeak_ng_ClearErrorContext) X(espeak_ng_GetStatusCodeMessage) X(espeak_ng_InitializePath) \
    X(espeak_ng_Initialize) X(espeak_ng_InitializeOutput) X(espeak_ng_GetSampleRate) \
    X(espeak_ng_SetParameter) X(espeak_ng_Synthesize) X(espeak_SetSynthCallback) \
    X(espeak_ListVoices) X(espeak_SetVoiceByName) X(espeak_Info) X(espeak_TextToPhonemes) X(espeak_SetPhonemeTrace)

#define SPEAK_POINTER(name) static __typeof__(name) *p_##name;
SPEAK_ESPEAK_SYMBOLS(SPEAK_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *library = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "libespeak-ng.so.1 cannot be loaded");
        return;
    }
#define SPEAK_RESOLVE(name) \
    p_##name = (__typeof__(name) *)dlsym(library, #name); \
    if (!p_##name && !failure[0]) snprintf(failure, sizeof failure, "libespeak-ng.so.1 has no %s", #name);
    SPEAK_ESPEAK_SYMBOLS(SPEAK_RESOLVE)
}

const char *speak_espeak_missing(void) {
    pthread_once(&once, load);
    return failure[0] ? failure : NULL;
}

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN void espeak_ng_ClearErrorContext(espeak_ng_ERROR_CONTEXT *context) {
    if (!speak_espeak_missing()) p_espeak_ng_ClearErrorContext(context);
}

HIDDEN void espeak_ng_GetStatusCodeMessage(espeak_ng_STATUS status, char *buffer, size_t length) {
    if (!speak_espeak_missing()) {
        p_espeak_ng_GetStatusCodeMessage(status, buffer, length);
    } else if (length > 0) {
        snprintf(buffer, length, "%s", failure);
    }
}

HIDDEN void espeak_ng_InitializePath(const char *path) {
    if (!speak_espeak_missing()) p_espeak_ng_InitializePath(path);
}

HIDDEN espeak_ng_STATUS espeak_ng_Initialize(espeak_ng_ERROR_CONTEXT *context) {
    return speak_espeak_missing() ? ENS_NOT_SUPPORTED : p_espeak_ng_Initialize(context);
}

HIDDEN espeak_ng_STATUS espeak_ng_InitializeOutput(espeak_ng_OUTPUT_MODE mode, int buffer_length, const char *device) {
    return speak_espeak_missing() ? ENS_NOT_SUPPORTED : p_espeak_ng_InitializeOutput(mode, buffer_length, device);
}

HIDDEN int espeak_ng_GetSampleRate(void) {
    return speak_espeak_missing() ? 0 : p_espeak_ng_GetSampleRate();
}

HIDDEN espeak_ng_STATUS espeak_ng_SetParameter(espeak_PARAMETER parameter, int value, int relative) {
    return speak_espeak_missing() ? ENS_NOT_SUPPORTED : p_espeak_ng_SetParameter(parameter, value, relative);
}

HIDDEN espeak_ng_STATUS espeak_ng_Synthesize(const void *text, size_t size, unsigned int position,
                                             espeak_POSITION_TYPE position_type, unsigned int end_position,
                                             unsigned int flags, unsigned int *unique_identifier, void *user_data) {
    if (speak_espeak_missing()) return ENS_NOT_SUPPORTED;
    return p_espeak_ng_Synthesize(text, size, position, position_type, end_position, flags, unique_identifier, user_data);
}

HIDDEN void espeak_SetSynthCallback(t_espeak_callback *callback) {
    if (!speak_espeak_missing()) p_espeak_SetSynthCallback(callback);
}

HIDDEN const espeak_VOICE **espeak_ListVoices(espeak_VOICE *voice_spec) {
    return speak_espeak_missing() ? NULL : p_espeak_ListVoices(voice_spec);
}

HIDDEN espeak_ERROR espeak_SetVoiceByName(const char *name) {
    return speak_espeak_missing() ? EE_INTERNAL_ERROR : p_espeak_SetVoiceByName(name);
}

HIDDEN const char *espeak_Info(const char **path_data) {
    return speak_espeak_missing() ? NULL : p_espeak_Info(path_data);
}

HIDDEN const char *espeak_TextToPhonemes(const void **textptr, int textmode, int phonememode) {
    if (speak_espeak_missing()) { *textptr = NULL; return NULL; }
    return p_espeak_TextToPhonemes(textptr, textmode, phonememode);
}

HIDDEN void espeak_SetPhonemeTrace(int phonememode, FILE *stream) {
    if (!speak_espeak_missing()) p_espeak_SetPhonemeTrace(phonememode, stream);
}
