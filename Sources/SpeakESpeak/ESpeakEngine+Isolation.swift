extension ESpeakEngine {
    /// Whether `text` is safe to synthesize inside this process.
    ///
    /// eSpeak-NG 1.51 reads freed memory when it spells letters of a foreign alphabet that the
    /// alphabet's own language does not know (archaic Hangul jamo, unassigned Tamil or Sinhala
    /// code points, and many combinations such as a combining Glagolitic letter before a
    /// Georgian capital): `SetTranslator3` replaces its third translator while a pointer to the
    /// old one is still in use. Under valgrind and Electric Fence the first error shows up in
    /// the first paragraph of random Unicode; with glibc's allocator the process crashes hours
    /// of audio later, wherever the freed block happens to be reused. The combinations are
    /// endless, so no character filter can make such text safe — but the third translator is
    /// only replaced when a text needs two different languages for it. With an English voice,
    /// Latin letters, punctuation, symbols and emoji only ever need English; with other voices
    /// only ASCII, Latin-1 and common punctuation were found safe (emoji and Latin Extended
    /// letters with a German voice are not). Text made of those is synthesized in-process at
    /// full speed; everything else goes to a helper process that may crash in its place.
    /// `scripts/espeak-uaf-scan` reproduces the findings on random text.
    public static func isSafeInProcess(_ text: String, voice: String) -> Bool {
        let english = voice.lowercased().hasPrefix("en")
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0...0xFF, 0x2000...0x206F, 0x20A0...0x20CF: true
            case 0x100...0x24F, 0x300...0x36F, 0x1E00...0x1EFF, 0x2070...0x209F, 0x20D0...0x27FF, 0x2900...0x2BFF,
                 0x1F000...0x1FAFF: english
            default: false
            }
        }
    }
}
