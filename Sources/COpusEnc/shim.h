#include <opusenc.h>
#include <opus/opus_defines.h>

// ope_encoder_ctl is variadic, which Swift cannot call: one wrapper per request we use.
static inline int speak_ope_set_bitrate(OggOpusEnc *e, opus_int32 bps) { return ope_encoder_ctl(e, OPUS_SET_BITRATE(bps)); }
static inline int speak_ope_set_voice(OggOpusEnc *e) { return ope_encoder_ctl(e, OPUS_SET_SIGNAL(OPUS_SIGNAL_VOICE)); }
static inline int speak_ope_set_complexity(OggOpusEnc *e, opus_int32 c) { return ope_encoder_ctl(e, OPUS_SET_COMPLEXITY(c)); }
static inline int speak_ope_set_packet_callback(OggOpusEnc *e, ope_packet_func f, void *user) { return ope_encoder_ctl(e, OPE_SET_PACKET_CALLBACK(f, user)); }
