#include <cstdio>
#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>
extern "C" {
#include <libexttextcat/textcat.h>
}
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
int main(int argc, char** argv) {
    std::ifstream in(argv[1]);
    std::vector<std::pair<std::string, std::string>> rows;
    std::string line;
    while (std::getline(in, line)) { auto t = line.find('\t'); rows.push_back({line.substr(0, t), line.substr(t + 1)}); }
    // CLD2
    int ok = 0, unknown = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (int rep = 0; rep < 20; rep++)
    for (auto& r : rows) {
        bool reliable = false;
        CLD2::Language l3[3]; int p3[3]; int bytes;
        CLD2::Language lang = CLD2::DetectLanguageSummary(r.second.data(), (int)r.second.size(), true, l3, p3, &bytes, &reliable);
        const char* code = CLD2::LanguageCode(lang);
        if (rep == 0) { if (strcmp(code, r.first.c_str()) == 0) ok++; if (lang == CLD2::UNKNOWN_LANGUAGE) unknown++; }
    }
    auto t1 = std::chrono::steady_clock::now();
    double us = std::chrono::duration<double, std::micro>(t1 - t0).count() / (20.0 * rows.size());
    printf("cld2:      %d/%zu right (%.1f%%), %d unknown, %.1f us each\n", ok, rows.size(), 100.0 * ok / rows.size(), unknown, us);
    // exttextcat
    auto ti0 = std::chrono::steady_clock::now();
    void* h = special_textcat_Init("/usr/share/libexttextcat/fpdb.conf", "/usr/share/libexttextcat/");
    auto ti1 = std::chrono::steady_clock::now();
    ok = 0; unknown = 0;
    t0 = std::chrono::steady_clock::now();
    for (int rep = 0; rep < 3; rep++)
    for (auto& r : rows) {
        const char* res = textcat_Classify(h, r.second.data(), r.second.size());
        if (rep == 0) {
            std::string s(res);
            if (s[0] != '[') unknown++;
            else { std::string first = s.substr(1, s.find(']') - 1); auto d = first.find('-'); if (d != std::string::npos) first = first.substr(0, d); if (first == r.first) ok++; }
        }
    }
    t1 = std::chrono::steady_clock::now();
    us = std::chrono::duration<double, std::micro>(t1 - t0).count() / (3.0 * rows.size());
    printf("exttextcat: %d/%zu right (%.1f%%), %d unknown/short, %.1f us each, init %.1f ms\n", ok, rows.size(), 100.0 * ok / rows.size(), unknown, us,
           std::chrono::duration<double, std::milli>(ti1 - ti0).count());
}
