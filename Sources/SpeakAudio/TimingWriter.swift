import Foundation
import SpeakModel
import SpeakSynthesis

/// Writes word timings next to an audio file: JSON (one entry per word), WebVTT or SRT (one
/// cue per sentence, or per word with `wordCues`). The format follows the file extension.
public enum TimingWriter {
    public enum Format: String, Sendable, CaseIterable { case json, vtt, srt }

    /// The format for a path's extension, or nil when it is not one of json, vtt, srt.
    public static func format(forPath path: String) -> Format? {
        Format(rawValue: (path as NSString).pathExtension.lowercased())
    }

    public static func write(_ timeline: Timeline, of document: Document, to path: String,
                             wordCues: Bool = false) throws(AudioOutputError) {
        guard let format = format(forPath: path) else {
            throw AudioOutputError(path: path, reason: "unknown timing format; use .json, .vtt or .srt")
        }
        let text: String
        switch format {
        case .json: text = json(timeline, document)
        case .vtt: text = "WEBVTT\n\n" + cues(timeline, document, wordCues: wordCues, comma: false)
        case .srt: text = cues(timeline, document, wordCues: wordCues, comma: true)
        }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw AudioOutputError(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    private static func milliseconds(_ samples: Int, _ timeline: Timeline) -> Int {
        Int((Double(samples) * 1000 / Double(timeline.sampleRate)).rounded())
    }

    static func json(_ timeline: Timeline, _ document: Document) -> String {
        var out = "{\n  \"sampleRate\": \(timeline.sampleRate),\n  \"durationMs\": \(milliseconds(timeline.totalSamples, timeline)),\n  \"words\": ["
        var blockIndex = 0
        for (n, timed) in timeline.words.enumerated() {
            while blockIndex + 1 < document.blocks.count, document.blocks[blockIndex + 1].firstWord <= timed.index { blockIndex += 1 }
            let word = document.word(at: timed.index)
            let text = escape(word?.text ?? "")
            let range = word?.range ?? 0..<0
            out += n == 0 ? "\n" : ",\n"
            out += "    {\"index\": \(timed.index), \"text\": \"\(text)\", \"startMs\": \(milliseconds(timed.startSample, timeline)), "
            out += "\"endMs\": \(milliseconds(timed.endSample, timeline)), \"block\": \(blockIndex), "
            out += "\"start\": \(range.lowerBound), \"end\": \(range.upperBound)}"
        }
        return out + "\n  ]\n}\n"
    }

    static func cues(_ timeline: Timeline, _ document: Document, wordCues: Bool, comma: Bool) -> String {
        let groups: [Range<Int>]
        if wordCues {
            groups = timeline.words.indices.map { $0..<($0 + 1) }
        } else {
            let starts = timeline.sentenceStarts + [timeline.words.count]
            groups = zip(starts, starts.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }
        }
        var out = ""
        for (n, group) in groups.enumerated() {
            let first = timeline.words[group.lowerBound], last = timeline.words[group.upperBound - 1]
            let text = group.compactMap { document.word(at: timeline.words[$0].index)?.text }.joined(separator: " ")
            if comma { out += "\(n + 1)\n" }
            out += "\(clock(first.startSample, timeline, comma)) --> \(clock(last.endSample, timeline, comma))\n\(text)\n\n"
        }
        return out
    }

    private static func clock(_ samples: Int, _ timeline: Timeline, _ comma: Bool) -> String {
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
