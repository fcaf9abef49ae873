#ifndef SPEAK_ORT_H
#define SPEAK_ORT_H

#include <stddef.h>
#include <stdint.h>

/* A Piper (VITS) model in ONNX Runtime, the library opened at run time from `library` (the
   onnxruntime wheel's libonnxruntime.so). Only the part of the C API these calls need is
   declared, by position in OrtApi (append-only), in the .c file. */
typedef struct SpeakOrtModel SpeakOrtModel;

/* Loads `model` with `threads` intra-op threads, which wait for work spinning unless `spin` is 0.
   NULL on failure, with the reason in `error`. */
SpeakOrtModel *speak_ort_open(const char *library, const char *model, int threads, int spin, char *error, size_t error_length);

/* Writes `model` to `optimized` with the graph optimizations that do not depend on the CPU
   done, so that loading it later is quicker. 0 on success; -1 with the reason in `error`. */
int speak_ort_optimize(const char *library, const char *model, const char *optimized, char *error, size_t error_length);

/* Number of outputs of the model (2 when it reports phoneme durations). */
size_t speak_ort_output_count(const SpeakOrtModel *model);

/* Runs the model on `count` phoneme ids with scales (noise, length, noise_w). On success
   returns 0 with the output `main_output` in `main` (malloc'd floats, `main_count` of them, the
   length of its last axis in `main_last`) and, when `duration_output` is given and the model has
   two outputs, frames per id in `durations` (else NULL); the caller frees both. On failure
   returns -1 with `error` set. */
int speak_ort_run(SpeakOrtModel *model, const int64_t *ids, size_t count, const float scales[3], const char *main_output,
                  const char *duration_output, float **main, size_t *main_count, int64_t *main_last,
                  float **durations, size_t *duration_count, char *error, size_t error_length);

/* Runs a decoder on `channels` × `count` frames (channel after channel) given as its input
   `input`; returns 0 with the output `output` in `audio` (malloc'd, the caller frees it), or -1
   with `error` set. */
int speak_ort_decode(SpeakOrtModel *model, const float *frames, size_t channels, size_t count, const char *input,
                     const char *output, float **audio, size_t *audio_count, char *error, size_t error_length);

void speak_ort_close(SpeakOrtModel *model);

#endif
