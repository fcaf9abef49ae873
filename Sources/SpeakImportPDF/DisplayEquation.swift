import Foundation
import SpeakImport
import SpeakModel

/// Display equations: math set apart from the text on lines of its own, numbered at the end
/// ("(3)", "(B.1)") or centred with an equals sign, made of symbols and one-letter names
/// rather than words, with the pieces of a stacked fraction above the numbered line. They stay
/// in the document, skipped, unless the listener asks for them.
enum DisplayEquation {
    /// The lines of `page` (among those not yet skipped) that are display equations.
    static func lines(of page: PDFPage, skipped: [SkipReason?]) -> Set<Int> {
        var found = Set<Int>()
        for (i, line) in page.lines.enumerated() where skipped[i] == nil && !found.contains(i) && line.text.utf8.count <= 200 {
            // Cheap tests first: a formula line ends with ")" or has an equals sign.
            guard line.text.utf8.last == UInt8(ascii: ")") || line.text.utf8.contains(UInt8(ascii: "=")) else { continue }
            let numbered = isNumbered(line.text)
            guard numbered || isCentred(line, page.width) && line.text.contains("=") && isMath(line.text, strict: true)
                    && line.text.split(separator: " ").filter({ $0.count >= 4 && $0.allSatisfy(\.isLetter) }).count <= 1 else { continue }
            found.insert(i)
            // The stacked parts of the same formula just above it (a fraction's numerator and
            // denominator come out as lines of their own).
            // Narrower than the column's text (which ends where the number does).
            let columnLeft = page.lines.filter { abs($0.right - line.right) < 2 }.map(\.left).min() ?? line.left
            var j = i - 1
            while j >= 0, skipped[j] == nil, !found.contains(j), isMath(page.lines[j].text, strict: false),
                  page.lines[j].bottom > line.top - max(line.size, 1) * 3, page.lines[j].top < line.bottom + max(line.size, 1) * 1.5,
                  page.lines[j].left >= columnLeft - 1, page.lines[j].right <= line.right + 1,
                  page.lines[j].right - page.lines[j].left < (line.right - columnLeft) * 0.8 {
                found.insert(j)
                j -= 1
            }
        }
        return found
    }

    /// Symbols and short names, hardly a word of four letters or more (a sentence has many).
    static func isMath(_ text: String, strict: Bool) -> Bool {
        let tokens = text.split(separator: " ")
        guard !tokens.isEmpty, text.count <= 160 else { return false }
        // A word: four letters or more, with at most punctuation around it ("rmid," counts,
        // "cos(ωkt" does not).
        let words = tokens.filter { token in
            let bare = token.trimmingCharacters(in: .punctuationCharacters)
            return bare.count >= 4 && bare.allSatisfy(\.isLetter)
        }.count
        let symbols = text.unicodeScalars.filter { mathSymbols.contains($0) }.count
        if strict { return symbols > 0 && tokens.count >= 3 && words * 6 < tokens.count }
        // A piece of a stacked formula: a symbol or a one-letter name in it.
        return words == 0 && tokens.count <= 8 && (symbols > 0 || tokens.contains { $0.count <= 2 && $0.allSatisfy(\.isLetter) })
    }

    /// A formula that ends with an equation number: "… = …, (3)", "(12a)", "(B.1)".
    static func isNumbered(_ text: String) -> Bool {
        let trimmed = text.trimmingSpaces()
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return false }
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard !inside.isEmpty, inside.count <= 6, inside.contains(where: \.isNumber),
              inside.allSatisfy({ $0.isNumber || $0 == "." || $0.isLetter }),
              inside.first?.isNumber == true || inside.dropFirst().first == "." else { return false }
        let before = String(trimmed[..<open].trimmingSpaces())
        if before.allSatisfy({ $0 == "," || $0 == "." || $0 == " " }) { return true }
        return isMath(before, strict: true)
    }

    /// Centred on the page, or in one of two columns.
    private static func isCentred(_ line: PDFLine, _ width: Double) -> Bool {
        let centre = (line.left + line.right) / 2, span = line.right - line.left
        if span < width * 0.55, abs(centre - width / 2) < width * 0.04 { return true }
        return span < width * 0.28 && [0.27, 0.73].contains { abs(centre - width * $0) < width * 0.04 }
    }

    private static let mathSymbols = Set("=+−±×÷∑∏∫∮∂∇√∞≤≥≈≠≡∝∈∉⊂⊆∪∩→⇒⇔∀∃αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉^".unicodeScalars)
}
