import Foundation
import SpeakModel
import SpeakSynthesis

/// Writes word timings next to an audio file: JSON (one entry per word), WebVTT or SRT (one
/// cue per sentence, or per word with `wordCues`). The format follows the file extension.
/// Output is streamed: a 500,000-word book never builds its timing file in memory.
public enum TimingWriter {
    public enum Format: String, Sendable, CaseIterable { case json, vtt, srt }

    /// The format for a path's extension, or nil when it is not one of json, vtt, srt.
    public static func format(forPath path: String) -> Format? {
        Format(rawValue: (path as NSString).pathExtension.lowercased())
    }

    public static func write(_ timeline: TimelineFile, of document: Document, to path: String,
                             wordCues: Bool = false) throws(AudioOutputError) {
        guard let format = format(forPath: path) else {
            throw AudioOutputError(path: path, reason: "unknown timing format; use .json, .vtt or .srt")
        }
        let temporary = path + ".partial-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw AudioOutputError(path: path, reason: "cannot create the file")
        }
        PartialFiles.register(temporary)
        var out = BufferedOutput(handle: handle)
        do {
            switch format {
            case .json: try json(timeline, document, &out)
            case .vtt:
                out.append("WEBVTT\n\n")
                try cues(timeline, document, wordCues: wordCues, comma: false, &out)
            case .srt: try cues(timeline, document, wordCues: wordCues, comma: true, &out)
            }
            try out.flush()
            try handle.close()
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
            PartialFiles.unregister(temporary)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
            PartialFiles.unregister(temporary)
            throw AudioOutputError(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    private static func milliseconds(_ samples: Int, _ timeline: TimelineFile) -> Int {
        Int((Double(samples) * 1000 / Double(timeline.sampleRate)).rounded())
    }

    static func json(_ timeline: TimelineFile, _ document: Document, _ out: inout BufferedOutput) throws {
        out.append("{\n  \"sampleRate\": \(timeline.sampleRate),\n  \"durationMs\": \(milliseconds(timeline.totalSamples, timeline)),\n  \"words\": [")
        var cursor = WordCursor(document: document)
        var first = true
        for record in try timeline.records() {
            let timed = record.word
            let word = cursor.word(timed.index)
            out.append(first ? "\n" : ",\n")
            first = false
            out.append("    {\"index\": \(timed.index), \"text\": \"\(escape(word.text))\", ")
            out.append("\"startMs\": \(milliseconds(timed.startSample, timeline)), \"endMs\": \(milliseconds(timed.endSample, timeline)), ")
            out.append("\"block\": \(word.block), \"start\": \(word.range.lowerBound), \"end\": \(word.range.upperBound)}")
            try out.flushIfLarge()
        }
        out.append("\n  ]\n}\n")
    }

    static func cues(_ timeline: TimelineFile, _ document: Document, wordCues: Bool, comma: Bool, _ out: inout BufferedOutput) throws {
        var cursor = WordCursor(document: document)
        var number = 0
        var cue: [TimedWord] = []
        func emit(_ out: inout BufferedOutput) throws {
            guard let first = cue.first, let last = cue.last else { return }
            number += 1
            let text = cue.map { cursor.word($0.index).text }.joined(separator: " ")
            if comma { out.append("\(number)\n") }
            out.append("\(clock(first.startSample, timeline, comma)) --> \(clock(last.endSample, timeline, comma))\n\(text)\n\n")
            cue.removeAll(keepingCapacity: true)
            try out.flushIfLarge()
        }
        for record in try timeline.records() {
            if wordCues || record.startsSentence { try emit(&out) }
            cue.append(record.word)
        }
        try emit(&out)
    }

    private static func clock(_ samples: Int, _ timeline: TimelineFile, _ comma: Bool) -> String {
        let ms = milliseconds(samples, timeline)
        let text = String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
        return comma ? text.replacingOccurrences(of: ".", with: ",") : text
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
