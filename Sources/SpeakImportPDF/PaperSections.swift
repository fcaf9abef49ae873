import Foundation
import SpeakImport
import SpeakModel

/// The parts of a paper a listener skips unless asked: the references (from their heading to
/// the next heading of the same rank or higher) and the acknowledgements (a section of their
/// own, or a paragraph that starts "Acknowledgements.").
enum PaperSections {
    static let referenceHeadings: Set<String> = [
        "references", "reference", "bibliography", "literature cited", "works cited", "cited literature", "literature",
        "literatur", "literaturverzeichnis", "quellen", "quellenverzeichnis", "références", "bibliographie",
        "referencias", "bibliografía", "riferimenti bibliografici", "bibliografia", "references and notes",
    ]
    static let acknowledgementHeadings: Set<String> = [
        "acknowledgements", "acknowledgments", "acknowledgement", "acknowledgment", "danksagung", "dank",
        "remerciements", "agradecimientos", "ringraziamenti",
    ]

    static let appendixWords = ["appendix", "appendices", "anhang", "annex", "annexe", "supplementary", "supporting information"]

    /// Paragraph index → reason, for the paragraphs (`spoken` ones only) these parts cover.
    static func skipped(texts: [String], headings: [Bool], sizes: [Double], spoken: [Bool]) -> [Int: SkipReason] {
        var out: [Int: SkipReason] = [:]
        var open: (reason: SkipReason, size: Double)?
        for i in texts.indices where spoken[i] {
            // Only short paragraphs can be headings or appendix titles: the rest are not looked at.
            let short = texts[i].utf8.count <= 120
            let name = short ? headingName(texts[i]) : ""
            if short, headings[i] || name.split(separator: " ").count <= 3 && texts[i].count <= 40 {
                let reason: SkipReason? = referenceHeadings.contains(name) ? .references
                    : acknowledgementHeadings.contains(name) ? .acknowledgements : nil
                if let reason {
                    open = (reason, sizes[i])
                    out[i] = reason
                    continue
                }
                // The next heading of the same rank or higher ends the part, and so does an
                // appendix, however it is set.
                if headings[i], let current = open, sizes[i] >= current.size - 0.3 { open = nil }
            }
            if short, appendixWords.contains(where: { name.hasPrefix($0) }) { open = nil }
            if let current = open {
                out[i] = current.reason
            } else if texts[i].utf8.first.map({ $0 == UInt8(ascii: "A") || $0 == UInt8(ascii: "D") || $0 == UInt8(ascii: "R") }) == true,
                      runInAcknowledgement(texts[i]) {
                out[i] = .acknowledgements
            }
        }
        return out
    }

    /// "5. Acknowledgements" → "acknowledgements": lower case, section number and final
    /// punctuation gone.
    static func headingName(_ text: String) -> String {
        var words = text.lowercased().split(separator: " ")
        if let first = words.first, words.count > 1,
           first.allSatisfy({ $0.isNumber || $0 == "." }) || (first.count <= 5 && first.hasSuffix(".") && first.dropLast().allSatisfy({ "ivxlcdm".contains($0) || $0.isLetter && first.count == 2 })) {
            words.removeFirst()
        }
        return String(words.joined(separator: " ").trimming { $0 == "." || $0 == ":" })
    }

    /// A paragraph whose run-in heading says it is the acknowledgements.
    static func runInAcknowledgement(_ text: String) -> Bool {
        let lower = text.prefix(20).lowercased()
        return acknowledgementHeadings.contains { lower.hasPrefix($0 + ".") || lower.hasPrefix($0 + ":") || lower.hasPrefix($0 + " ") && !lower.hasPrefix($0 + " of") }
    }
}
