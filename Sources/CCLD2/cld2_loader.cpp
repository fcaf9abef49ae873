// CLD2's C++ entry points, resolved from libcld2.so.0 on first use: linking it would cost every
// command its loading (and libstdc++'s) for a call only reading needs.
#include "speak_cld2.h"

#include <cstdio>
#include <cld2/public/compact_lang_det.h>
#include <cstring>
#include <dlfcn.h>
#include <mutex>

namespace {
using Detect = CLD2::Language (*)(const char *, int, bool, CLD2::Language *, int *, int *, bool *);
using Code = const char *(*)(CLD2::Language);
Detect detect = nullptr;
Code code = nullptr;
std::once_flag once;

void load() {
    void *library = dlopen("libcld2.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    // The mangled names of CLD2::DetectLanguageSummary(const char*, int, bool, Language*, int*,
    // int*, bool*) and CLD2::LanguageCode(Language) in Debian's libcld2 0.0.197.
    detect = reinterpret_cast<Detect>(dlsym(library, "_ZN4CLD221DetectLanguageSummaryEPKcibPNS_8LanguageEPiS4_Pb"));
    code = reinterpret_cast<Code>(dlsym(library, "_ZN4CLD212LanguageCodeENS_8LanguageE"));
}
}  // namespace

extern "C" int speak_cld2_detect(const char *text, int length, char *codes, int *percents, int *reliable) {
    std::call_once(once, load);
    if (!detect || !code) return -1;
    CLD2::Language languages[3] = {CLD2::UNKNOWN_LANGUAGE, CLD2::UNKNOWN_LANGUAGE, CLD2::UNKNOWN_LANGUAGE};
    int bytes = 0;
    bool isReliable = false;
    detect(text, length, true, languages, percents, &bytes, &isReliable);
    for (int i = 0; i < 3; i++) {
        const char *name = code(languages[i]);
        std::snprintf(codes + 8 * i, 8, "%s", name ? name : "un");
    }
    *reliable = isReliable ? 1 : 0;
    return 0;
}
