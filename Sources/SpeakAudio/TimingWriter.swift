import Foundation
import SpeakModel
import SpeakSynthesis

/// Writes word timings next to an audio file while it is synthesized: JSON (one entry per
/// word), WebVTT or SRT (one cue per sentence, or per word with `wordCues`). The format
/// follows the file extension. Sentences are written as they come, so a 500,000-word book
/// never builds its timing file in memory and nothing is left to do when the audio is done.
/// The file is written under a temporary name and moved into place by `finish`.
public final class TimingWriter {
    public enum Format: String, Sendable, CaseIterable { case json, vtt, srt }

    /// The format for a path's extension, or nil when it is not one of json, vtt, srt.
    public static func format(forPath path: String) -> Format? {
        Format(rawValue: (path as NSString).pathExtension.lowercased())
    }

    public let path: String
    private let format: Format
    private let wordCues: Bool
    private let sampleRate: Int
    private let file: PartialFile
    private var out: BufferedOutput
    private var cursor: WordCursor
    private var words = 0
    private var cues = 0
    /// Chapter titles and start samples: a "chapters" list in JSON, a NOTE block in WebVTT
    /// (SRT has no place for them).
    public var chapters: [(title: String, startSample: Int)] = []

    public init(path: String, document: Document, sampleRate: Int, wordCues: Bool = false) throws(AudioOutputError) {
        guard let format = Self.format(forPath: path) else {
            throw AudioOutputError(path: path, reason: "unknown timing format; use .json, .vtt or .srt")
        }
        file = try PartialFile(path: path)
        self.path = path
        self.format = format
        self.wordCues = wordCues
        self.sampleRate = sampleRate
        out = BufferedOutput(handle: file.handle)
        cursor = WordCursor(document: document)
        switch format {
        case .json: out.append("{\n  \"sampleRate\": \(sampleRate),\n  \"words\": [")
        case .vtt: out.append("WEBVTT\n\n")
        case .srt: break
        }
    }

    /// Writes the words of one sentence, their samples shifted by `offset`.
    public func append(sentence: [TimedWord], offset: Int = 0) throws(AudioOutputError) {
        let shifted = sentence.map { TimedWord(index: $0.index, startSample: $0.startSample + offset, endSample: $0.endSample + offset, skipped: $0.skipped) }
        switch format {
        case .json:
            for timed in shifted {
                let word = cursor.word(timed.index)
                out.append(words == 0 ? "\n" : ",\n")
                out.append("    {\"index\": \(timed.index), \"text\": \"\(Self.escape(word.text))\", ")
                out.append("\"startMs\": \(milliseconds(timed.startSample)), \"endMs\": \(milliseconds(timed.endSample)), ")
                out.append("\"block\": \(word.block), \"start\": \(word.range.lowerBound), \"end\": \(word.range.upperBound)")
                out.append(timed.skipped ? ", \"skipped\": true}" : "}")
                words += 1
            }
        case .vtt, .srt:
            if wordCues {
                for timed in shifted { cue([timed]) }
            } else {
                cue(shifted)
            }
            words += shifted.count
        }
        try flush(large: true)
    }

    /// Appends the sentences of a timeline file (a worker's part), shifted by `offset`.
    public func append(contentsOf timeline: String, offset: Int) throws(AudioOutputError) {
        try append(records: TimelineFile.records(at: timeline), offset: offset)
    }

    /// Appends timeline records sentence by sentence, samples shifted by `offset` and word
    /// indices by `firstWord` (a segment's records count from its own first word).
    public func append(records: some Sequence<TimelineRecord>, offset: Int, firstWord: Int = 0) throws(AudioOutputError) {
        var sentence: [TimedWord] = []
        for record in records {
            if record.startsSentence, !sentence.isEmpty {
                try append(sentence: sentence, offset: offset)
                sentence.removeAll(keepingCapacity: true)
            }
            var word = record.word
            word.index += firstWord
            sentence.append(word)
        }
        if !sentence.isEmpty { try append(sentence: sentence, offset: offset) }
    }

    /// Completes the file (the JSON gets the total duration) and moves it into place.
    public func finish(totalSamples: Int) throws(AudioOutputError) {
        switch format {
        case .json:
            out.append("\n  ],\n")
            if !chapters.isEmpty {
                let entries = chapters.map { "    {\"title\": \"\(Self.escape($0.title))\", \"startMs\": \(milliseconds($0.startSample))}" }
                out.append("  \"chapters\": [\n" + entries.joined(separator: ",\n") + "\n  ],\n")
            }
            out.append("  \"durationMs\": \(milliseconds(totalSamples))\n}\n")
        case .vtt where !chapters.isEmpty:
            // NOTE text may not contain "-->".
            out.append("NOTE chapters\n" + chapters.map { "\(clock($0.startSample)) \($0.title.replacingOccurrences(of: "-->", with: "->"))" }
                .joined(separator: "\n") + "\n\n")
        default: break
        }
        do {
            try flush(large: false)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// Removes the partial file.
    public func discard() {
        file.discard()
    }

    private func cue(_ timed: [TimedWord]) {
        guard let first = timed.first, let last = timed.last else { return }
        cues += 1
        // A line break (from a code block) could make a blank line, which ends a cue; in WebVTT
        // "&", "<" and ">" are markup ("-->" would end the cue text).
        var text = cursor.text(ofWords: timed.map(\.index)).replacingOccurrences(of: "\n", with: " ")
        if format == .vtt {
            text = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        if format == .srt { out.append("\(cues)\n") }
        out.append("\(clock(first.startSample)) --> \(clock(last.endSample))\n\(text)\n\n")
    }

    private func flush(large: Bool) throws(AudioOutputError) {
        do {
            if large { try out.flushIfLarge() } else { try out.flush() }
        } catch {
            throw AudioOutputError(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    private func milliseconds(_ samples: Int) -> Int {
        Int((Double(samples) * 1000 / Double(sampleRate)).rounded())
    }

    private func clock(_ samples: Int) -> String {
        let ms = milliseconds(samples)
        let text = String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
        return format == .srt ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where s.value < 0x20: out += String(format: "\\u%04x", s.value)
            default: out.unicodeScalars.append(s)
            }
        }
        return out
    }
}

/// Text of words looked up in increasing index order, decoding each block once.
struct WordCursor {
    let document: Document
    private var blockIndex = -1
    private var scalars: [Unicode.Scalar] = []
    private var spans: [WordSpan] = []

    init(document: Document) {
        self.document = document
    }

    mutating func word(_ index: Int) -> (text: String, block: Int, range: Range<Int>) {
        if blockIndex < 0 || !document.blocks[blockIndex].wordIndices.contains(index) {
            guard let found = document.blockIndex(containingWord: index) else { return ("", 0, 0..<0) }
            blockIndex = found
            scalars = Array(document.blocks[found].text.unicodeScalars)
            spans = document.blocks[found].wordSpans
        }
        let span = spans[index - document.blocks[blockIndex].firstWord]
        return (String(String.UnicodeScalarView(scalars[span.range])), blockIndex, span.range)
    }

    /// The words as written: with what stands between them and the punctuation attached to
    /// the first and the last ("(€1.150,00)", "“Stop!”"), not the bare words joined by spaces.
    /// Words of different blocks are joined by a space.
    mutating func text(ofWords indices: [Int]) -> String {
        var pieces: [String] = []
        var i = 0
        while i < indices.count {
            _ = word(indices[i])
            guard blockIndex >= 0, document.blocks[blockIndex].wordIndices.contains(indices[i]) else {
                i += 1
                continue
            }
            let block = document.blocks[blockIndex]
            var j = i
            while j + 1 < indices.count, block.wordIndices.contains(indices[j + 1]) { j += 1 }
            pieces.append(phrase(from: indices[i] - block.firstWord, through: indices[j] - block.firstWord))
            i = j + 1
        }
        return pieces.joined(separator: " ")
    }

    /// Words `first...last` of the current block with the marks that cling to them. The
    /// marks between two words up to the first space belong to the word before (a closing
    /// bracket, a full stop); those after the last space to the word after (an opening one).
    private func phrase(from first: Int, through last: Int) -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        var start = Int(spans[first].start)
        let before = first > 0 ? Int(spans[first - 1].end) : 0
        let gapBefore = scalars[before..<start]
        if first == 0 || gapBefore.contains(where: isSpace) {
            start = (gapBefore.lastIndex(where: isSpace).map { $0 + 1 }) ?? before
        }
        var end = Int(spans[last].end)
        let after = last + 1 < spans.count ? Int(spans[last + 1].start) : scalars.count
        end = scalars[end..<after].firstIndex(where: isSpace) ?? after
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }
}

/// Appends text and writes it out in large pieces.
struct BufferedOutput {
    let handle: FileHandle
    private var buffer = ""

    init(handle: FileHandle) {
        self.handle = handle
    }

    mutating func append(_ text: String) { buffer += text }

    mutating func flushIfLarge() throws {
        if buffer.utf8.count >= 1 << 16 { try flush() }
    }

    mutating func flush() throws {
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer.removeAll(keepingCapacity: true)
    }
}
