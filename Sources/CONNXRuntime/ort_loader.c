// ONNX Runtime's C API, reached through OrtGetApiBase() of a library opened at run time. The
// API is a table of function pointers whose order never changes (new ones are appended): the
// members used here are called by their position in that table.
#include "speak_ort.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void OrtStatus;
typedef struct { const void *(*GetApi)(uint32_t version); const char *(*GetVersionString)(void); } OrtApiBase;

enum {
    GetErrorMessage = 2, CreateEnv = 3, CreateSession = 7, Run = 9, CreateSessionOptions = 10, SetOptimizedModelFilePath = 11,
    SetSessionExecutionMode = 13,
    DisableMemPattern = 17,
    SetSessionGraphOptimizationLevel = 23, SetIntraOpNumThreads = 24, SetInterOpNumThreads = 25, SessionGetOutputCount = 31,
    CreateTensorWithDataAsOrtValue = 49, GetTensorMutableData = 51, GetDimensionsCount = 61, GetDimensions = 62, GetTensorShapeElementCount = 64, GetTensorTypeAndShape = 65,
    CreateCpuMemoryInfo = 69, ReleaseStatus = 93, ReleaseMemoryInfo = 94, ReleaseSession = 95, ReleaseValue = 96,
    ReleaseTensorTypeAndShapeInfo = 99, ReleaseSessionOptions = 100, AddSessionConfigEntry = 130,
};
#define CALL(type, index) ((type)api[index])

static void *const *api;
static void *env;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

struct SpeakOrtModel {
    void *session;
    void *memory;
    size_t outputs;
};

static int failed(OrtStatus *status, char *error, size_t length) {
    if (!status) return 0;
    snprintf(error, length, "%s", CALL(const char *(*)(const OrtStatus *), GetErrorMessage)(status));
    CALL(void (*)(OrtStatus *), ReleaseStatus)(status);
    return 1;
}

static int load(const char *library, char *error, size_t length) {
    if (api) return 0;
    // ONNX Runtime 1.29 and later report usage to Microsoft from Linux too, and write a device
    // id under ~/.cache and a session file in $TMPDIR, unless this is set before the library
    // starts; speak is an offline reader. A user's own setting is kept. No other code in speak
    // sets variables, so this first addition gives the process a fresh copy of the environment
    // array and leaves the one other threads may be reading intact.
    if (!getenv("ORT_DISABLE_TELEMETRY")) setenv("ORT_DISABLE_TELEMETRY", "1", 1);
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) { snprintf(error, length, "%s", dlerror()); return 1; }
    const OrtApiBase *(*base)(void) = (const OrtApiBase *(*)(void))dlsym(handle, "OrtGetApiBase");
    if (!base) { snprintf(error, length, "%s has no OrtGetApiBase", library); return 1; }
    // Version 13 has every member used here; later libraries serve it unchanged.
    void *const *table = (void *const *)base()->GetApi(13);
    if (!table) { snprintf(error, length, "%s does not serve the C API version 13", library); return 1; }
    api = table;
    // Fatal only: errors come back as statuses; a run cut short at exit would print one.
    if (failed(CALL(OrtStatus *(*)(int, const char *, void **), CreateEnv)(4, "speak", &env), error, length)) { api = NULL; return 1; }
    return 0;
}

SpeakOrtModel *speak_ort_open(const char *library, const char *path, int threads, int spin, char *error, size_t length) {
    pthread_mutex_lock(&lock);
    int bad = load(library, error, length);
    pthread_mutex_unlock(&lock);
    if (bad) return NULL;
    void *options = NULL;
    if (failed(CALL(OrtStatus *(*)(void **), CreateSessionOptions)(&options), error, length)) return NULL;
    SpeakOrtModel *model = calloc(1, sizeof *model);
    int ok = model
        && !failed(CALL(OrtStatus *(*)(void *, int), SetIntraOpNumThreads)(options, threads), error, length)
        && !failed(CALL(OrtStatus *(*)(void *, int), SetInterOpNumThreads)(options, 1), error, length)
        && !failed(CALL(OrtStatus *(*)(void *, int), SetSessionExecutionMode)(options, 0), error, length)
        // All levels on one thread: the blocked-layout (NCHWc) convolutions the decoder is laid
        // out for. On more threads they split the work worse than the matrix products the
        // extended level leaves (measured: a tenth slower on 2 threads, a tenth faster on 1).
        && !failed(CALL(OrtStatus *(*)(void *, int), SetSessionGraphOptimizationLevel)(options, threads > 1 ? 2 : 99), error, length)
        // Every run has another length: memory planned for one is not reused by the next. The
        // arena stays: it reuses the few large blocks a run needs instead of leaving the heap
        // fragmented (measured: 252 MB against 347-490 MB without it, and faster).
        && !failed(CALL(OrtStatus *(*)(void *), DisableMemPattern)(options), error, length)
        // Threads of a pool wait for work spinning; two sessions run one after the other (a
        // voice's front and decoder) each keep theirs, which spin on the cores the other's need
        // (measured: a third more time for a clause at a time on 2 cores).
        && (threads <= 1 || spin || !failed(CALL(OrtStatus *(*)(void *, const char *, const char *), AddSessionConfigEntry)(options, "session.intra_op.allow_spinning", "0"), error, length))
        && !failed(CALL(OrtStatus *(*)(const void *, const char *, const void *, void **), CreateSession)(env, path, options, &model->session), error, length)
        && !failed(CALL(OrtStatus *(*)(int, int, void **), CreateCpuMemoryInfo)(1, 0, &model->memory), error, length)
        && !failed(CALL(OrtStatus *(*)(const void *, size_t *), SessionGetOutputCount)(model->session, &model->outputs), error, length);
    CALL(void (*)(void *), ReleaseSessionOptions)(options);
    if (!ok) {
        speak_ort_close(model);
        return NULL;
    }
    return model;
}

int speak_ort_optimize(const char *library, const char *path, const char *optimized, char *error, size_t length) {
    pthread_mutex_lock(&lock);
    int bad = load(library, error, length);
    pthread_mutex_unlock(&lock);
    if (bad) return -1;
    void *options = NULL, *session = NULL;
    if (failed(CALL(OrtStatus *(*)(void **), CreateSessionOptions)(&options), error, length)) return -1;
    // Extended, not all: the layout changes of the highest level are made for this CPU and are
    // left to the session that runs the copy.
    int ok = !failed(CALL(OrtStatus *(*)(void *, int), SetSessionGraphOptimizationLevel)(options, 2), error, length)
        && !failed(CALL(OrtStatus *(*)(void *, const char *), SetOptimizedModelFilePath)(options, optimized), error, length)
        && !failed(CALL(OrtStatus *(*)(const void *, const char *, const void *, void **), CreateSession)(env, path, options, &session), error, length);
    if (session) CALL(void (*)(void *), ReleaseSession)(session);
    CALL(void (*)(void *), ReleaseSessionOptions)(options);
    return ok ? 0 : -1;
}

size_t speak_ort_output_count(const SpeakOrtModel *model) { return model->outputs; }

/* A tensor's elements copied out as floats (malloc'd), and the length of its last axis. */
static int copy_floats(void *value, float **out, size_t *count, int64_t *last, char *error, size_t length) {
    void *info = NULL;
    if (failed(CALL(OrtStatus *(*)(const void *, void **), GetTensorTypeAndShape)(value, &info), error, length)) return 1;
    int bad = failed(CALL(OrtStatus *(*)(const void *, size_t *), GetTensorShapeElementCount)(info, count), error, length);
    size_t axes = 0;
    int64_t dims[8] = {0};
    if (!bad && last) {
        bad = failed(CALL(OrtStatus *(*)(const void *, size_t *), GetDimensionsCount)(info, &axes), error, length)
            || (axes >= 1 && axes <= 8 && failed(CALL(OrtStatus *(*)(const void *, int64_t *, size_t), GetDimensions)(info, dims, axes), error, length));
        *last = axes >= 1 && axes <= 8 ? dims[axes - 1] : (int64_t)*count;
    }
    CALL(void (*)(void *), ReleaseTensorTypeAndShapeInfo)(info);
    if (bad) return 1;
    float *data = NULL;
    if (failed(CALL(OrtStatus *(*)(void *, void **), GetTensorMutableData)(value, (void **)&data), error, length)) return 1;
    *out = malloc((*count ? *count : 1) * sizeof(float));
    if (!*out) { snprintf(error, length, "out of memory"); return 1; }
    memcpy(*out, data, *count * sizeof(float));
    return 0;
}

int speak_ort_run(SpeakOrtModel *model, const int64_t *ids, size_t count, const float scales[3], const char *main_output,
                  const char *duration_output, float **audio, size_t *audio_count, int64_t *audio_last, float **durations,
                  size_t *duration_count, char *error, size_t length) {
    *audio = NULL; *durations = NULL; *audio_count = 0; *duration_count = 0; *audio_last = 0;
    int64_t id_shape[2] = {1, (int64_t)count}, length_value = (int64_t)count, one = 1, three = 3;
    float scale_values[3] = {scales[0], scales[1], scales[2]};
    void *inputs[3] = {NULL, NULL, NULL};
    typedef OrtStatus *(*Tensor)(const void *, void *, size_t, const int64_t *, size_t, int, void **);
    int bad = failed(CALL(Tensor, CreateTensorWithDataAsOrtValue)(model->memory, (void *)ids, count * sizeof(int64_t), id_shape, 2, 7, &inputs[0]), error, length)
        || failed(CALL(Tensor, CreateTensorWithDataAsOrtValue)(model->memory, &length_value, sizeof length_value, &one, 1, 7, &inputs[1]), error, length)
        || failed(CALL(Tensor, CreateTensorWithDataAsOrtValue)(model->memory, scale_values, sizeof scale_values, &three, 1, 1, &inputs[2]), error, length);
    void *outputs[2] = {NULL, NULL};
    if (!bad) {
        const char *input_names[3] = {"input", "input_lengths", "scales"};
        const char *output_names[2] = {main_output, duration_output ? duration_output : ""};
        size_t wanted = model->outputs >= 2 && duration_output ? 2 : 1;
        typedef OrtStatus *(*RunFunction)(void *, const void *, const char *const *, const void *const *, size_t, const char *const *, size_t, void **);
        bad = failed(CALL(RunFunction, Run)(model->session, NULL, input_names, (const void *const *)inputs, 3, output_names, wanted, outputs), error, length);
        if (!bad) bad = copy_floats(outputs[0], audio, audio_count, audio_last, error, length);
        if (!bad && wanted == 2) bad = copy_floats(outputs[1], durations, duration_count, NULL, error, length);
    }
    for (int i = 0; i < 3; i++) if (inputs[i]) CALL(void (*)(void *), ReleaseValue)(inputs[i]);
    for (int i = 0; i < 2; i++) if (outputs[i]) CALL(void (*)(void *), ReleaseValue)(outputs[i]);
    if (bad) {
        free(*audio); free(*durations);
        *audio = NULL; *durations = NULL;
        return -1;
    }
    return 0;
}

int speak_ort_decode(SpeakOrtModel *model, const float *frames, size_t channels, size_t count, const char *input, const char *output,
                     float **audio, size_t *audio_count, char *error, size_t length) {
    *audio = NULL; *audio_count = 0;
    int64_t shape[3] = {1, (int64_t)channels, (int64_t)count}, last = 0;
    void *in = NULL, *out = NULL;
    typedef OrtStatus *(*Tensor)(const void *, void *, size_t, const int64_t *, size_t, int, void **);
    int bad = failed(CALL(Tensor, CreateTensorWithDataAsOrtValue)(model->memory, (void *)frames, channels * count * sizeof(float), shape, 3, 1, &in), error, length);
    if (!bad) {
        typedef OrtStatus *(*RunFunction)(void *, const void *, const char *const *, const void *const *, size_t, const char *const *, size_t, void **);
        bad = failed(CALL(RunFunction, Run)(model->session, NULL, &input, (const void *const *)&in, 1, &output, 1, &out), error, length);
        if (!bad) bad = copy_floats(out, audio, audio_count, &last, error, length);
    }
    if (in) CALL(void (*)(void *), ReleaseValue)(in);
    if (out) CALL(void (*)(void *), ReleaseValue)(out);
    if (bad) {
        free(*audio);
        *audio = NULL;
        return -1;
    }
    return 0;
}

void speak_ort_close(SpeakOrtModel *model) {
    if (!model) return;
    if (model->session) CALL(void (*)(void *), ReleaseSession)(model->session);
    if (model->memory) CALL(void (*)(void *), ReleaseMemoryInfo)(model->memory);
    free(model);
}
