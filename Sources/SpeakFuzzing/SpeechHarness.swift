#if DEBUG || SPEAK_FUZZ
import Foundation
import SpeakImport
import SpeakImportText
import SpeakModel
import SpeakSpeech
import SpeakSynthesis

/// The spoken-text layer: every rule of every language reads whatever a document holds.
enum SpeechHarness {
    static let harness = FuzzHarness("spoken", "the spoken-text layer: sentences, clauses and every rule on any text (first byte: language)",
                                     seeds: {
        ["Dr. Smith paid $4.99/mo on 02.06.13 at 9.30 A.M. for 1920x1080 (see Fig. 3, pp. 12–15) [4].",
         "DUBAI, U.A.E. (AP) — CVE-2023-3446, glib-2-74, 0x1F, 2s. 6d., 34\" and 6'2\", D-Minn., w/o y/y 80/443.",
         "Der 3. Oktober 2020 kostete 5,50 € um 14:30 Uhr, z. B. ca. 10 km/h."].map { Data(("e" + $0).utf8) }
    }) { data in
        guard let first = data.first else { return }
        let language = ["en", "de", "fr", nil][Int(first) % 4]
        guard let document = try? PlainTextImporter().importDocument(ImportSource(name: "fuzz.txt", data: Data(data.dropFirst())),
                                                                      options: ImportOptions(), progress: { _ in }) else { return }
        for chunk in ChunkPlanner.sequence(of: document, includeSkipped: true, speech: SpeechOptions(language: language, voices: ["de": "de", "en": "en-us"]), byClause: first & 1 == 1) {
            _ = chunk.text
        }
    }
}
#endif
