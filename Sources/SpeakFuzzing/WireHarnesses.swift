#if DEBUG || SPEAK_FUZZ
import Foundation
@testable import SpeakConversion
@testable import SpeakImport
@testable import SpeakImportOCR
@testable import SpeakImportPDF
import SpeakSynthesis

/// What the parent reads from its helpers, each harness one protocol: a helper that is hostile,
/// confused or cut off mid-message must cost the parent a failed page or chunk, never a crash.
enum WireHarnesses {
    static let all = [
        FuzzHarness("wire-pdf", "the PDF helper's replies (info, outline, pages, failures), line by line", seeds: {
            let line = PDFLine(text: "A heading", left: 72, top: 90, right: 300, bottom: 104, size: 14, bold: true)
            return [PDFHelperMessage.info(PDFInfo(pageCount: 2, title: "T", author: "A")), .outline([]),
                    .page(PDFPage(index: 0, width: 612, height: 792, label: "i", lines: [line, line])),
                    .failure(PDFFailure(kind: .damaged, message: "m")), .done].map(PDFWire.encode)
        }) { data in
            for line in data.split(separator: UInt8(ascii: "\n")) { _ = PDFWire.decode(Data(line)) }
        },
        FuzzHarness("wire-ocr", "the OCR helper's replies (ready, opening lines, pages, failures), line by line", seeds: {
            let word = OCRWord(text: "Word", confidence: 91, box: [10, 10, 60, 30])
            return [OCRWorkerMessage.ready(pages: 3), .page(OCRPage(index: 0, width: 800, height: 600, words: [word, word])),
                    .opening(OCRPage(index: 1, words: [word])), .failure(OCRFailure(kind: .image, message: "m"))].map(OCRWire.encode)
        }) { data in
            for line in data.split(separator: UInt8(ascii: "\n")) { _ = OCRWire.decode(Data(line)) }
        },
        FuzzHarness("wire-fetch", "the URL helper's reply line", seeds: {
            [FetchReply(bytes: 1024, charset: "utf-8", detected: "html"), FetchReply(failure: "gone")].compactMap { try? JSONEncoder().encode($0) }
        }) { data in
            _ = try? JSONDecoder().decode(FetchReply.self, from: data)
        },
        FuzzHarness("wire-slice", "the slice protocol between a conversion and its workers, both directions", seeds: {
            let messages: [SliceMessage] = [.file(path: "/tmp/out.wav"), .slice(id: 1, words: 0..<40, offset: 44), .offset(id: 2, offset: 9000),
                                            .audio(id: 1, samples: [1, -2, 3]), .written(id: 1), .failed(id: 2, status: 65, message: "m")]
            return [Data(messages.flatMap(\.encoded))]
        }) { data in
            let descriptor = FuzzScratch.descriptor(data)
            defer { close(descriptor) }
            while SliceMessage.receive(from: descriptor) != nil {}
        },
        FuzzHarness("wire-engine", "the engine helper's answers (audio, events, errors) and the requests it reads; first byte picks", seeds: {
            var answer: [UInt8] = [0, UInt8(ascii: "A")]
            EngineWire.append(2, to: &answer)
            answer += [1, 0, 2, 0, UInt8(ascii: "E")]
            for value in [1, 0, 5, 0] { EngineWire.append(value, to: &answer) }
            var failure: [UInt8] = [0, UInt8(ascii: "X")]
            EngineWire.append(2, to: &failure)
            EngineWire.append("en-zz", to: &failure)
            let request = [1] + EngineWire.request("Hello there.", settings: VoiceSettings(voice: "en-us", wordsPerMinute: 175))
            return [Data(answer), Data(failure), Data(request)]
        }) { data in
            let descriptor = FuzzScratch.descriptor(data.dropFirst())
            defer { close(descriptor) }
            if (data.first ?? 0) & 1 == 0 {
                while (try? EngineHelper.answer(from: descriptor)) != nil {}
            } else {
                while EngineWire.readRequest(descriptor) != nil {}
            }
        },
    ]
}
#endif
