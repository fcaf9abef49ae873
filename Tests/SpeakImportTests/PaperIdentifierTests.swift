import Foundation
@testable import SpeakImportPDF
import Testing

/// The arXiv and DOI scanner finds what the regular expressions it replaced found.
@Suite struct PaperIdentifierTests {
    static let arXivPattern = #"arXiv:\s?([0-9]{4}\.[0-9]{4,5}(v[0-9]+)?|[a-z-]+(\.[A-Z]{2})?/[0-9]{7}(v[0-9]+)?)"#
    static let doiPattern = #"10\.[0-9]{4,9}/[^\s"<>]+"#

    static func byExpression(_ line: String) -> (String?, String?) {
        let arXiv = line.range(of: arXivPattern, options: .regularExpression)
            .map { line[$0].dropFirst("arXiv:".count).trimmingCharacters(in: .whitespaces) }
        let doi = line.range(of: doiPattern, options: .regularExpression)
            .map { String(line[$0]).trimmingCharacters(in: CharacterSet(charactersIn: ".,;)]")) }
        return (arXiv, doi)
    }

    static let lines = [
        "arXiv:2201.00200v1 [astro-ph.SR] 1 Jan 2022", "arXiv: 1601.03642", "arXiv:2411.01234v2 [physics.hist-ph]",
        "arXiv:hep-th/9901001v3", "arXiv:math.GT/0309136", "arXiv:math.gt/0309136", "see arXiv:12345.678 and arXiv:1234.56789v",
        "arXiv:  2201.00200", "arXiv:2201.0020", "arXiv:2201.002001", "arXiv:cond-mat/12345678", "arXivarXiv:2201.00200",
        "doi:10.5555/jcr.2024.042.", "https://doi.org/10.1103/PhysRevD.99.123456),", "10.123/abc", "10.1234567890/x",
        "DOI 10.1051/0004-6361/202142000;", "(10.1000/xyz]);", "10.1000/", "10.1000/.", "10.1000/a\"b", "10.10000/ünïcode-é",
        "10.12 10.1234/ok", "no identifiers here", "", "10.", "arXiv:",
    ]

    @Test(arguments: lines)
    func scannerFindsWhatTheExpressionsFound(_ line: String) {
        let (arXiv, doi) = Self.byExpression(line)
        #expect(PaperIdentifiers.arXiv(in: line) == arXiv)
        #expect(PaperIdentifiers.doi(in: line) == doi.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Random lines made of pieces of identifiers, against the expressions.
    @Test func randomLinesAgree() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["arXiv:", "arXiv: ", "10.", "2201", "1234567", "0020", "00200", "0", "9", ".", "v", "v2", "/", "hep-th", "math",
                      ".GT", ".gt", " ", "  ", "\"", "<", ")", ";", "]", ",", "x", "é"]
        // What follows "arXiv:" or "10.": mostly the identifiers' own parts.
        let body = ["2201", "1234567", "0020", "00200", "123", "9", ".", "/", "/", "v2", "v", "hep-th", "math.GT", " ", ")", ".", ";", "é"]
        var found = 0
        for _ in 0..<20_000 {
            let some = { (count: Int) in (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined() }
            let line = some(Int.random(in: 0...2, using: &generator)) + (["arXiv:", "arXiv: ", "10."].randomElement(using: &generator) ?? "")
                + (0..<Int.random(in: 1...5, using: &generator)).map { _ in body.randomElement(using: &generator) ?? "" }.joined()
            let (arXiv, doi) = Self.byExpression(line)
            found += (arXiv == nil ? 0 : 1) + (doi == nil ? 0 : 1)
            #expect(PaperIdentifiers.arXiv(in: line) == arXiv, "\(line)")
            #expect(PaperIdentifiers.doi(in: line) == doi.flatMap { $0.isEmpty ? nil : $0 }, "\(line)")
        }
        #expect(found > 60, "the random lines hold identifiers")
    }

    @Test func sectionHeadingsAreNamedWithoutNumberOrPunctuation() {
        #expect(PaperSections.headingName("5. Acknowledgements") == "acknowledgements")
        #expect(PaperSections.headingName("References:") == "references")
        #expect(PaperSections.headingName("IV. Results.") == "results")
        #expect(PaperSections.headingName(".:Notes::") == "notes")
        #expect(PaperSections.headingName("A.2 Proof of Lemma 3.") == "a.2 proof of lemma 3")
        #expect(PaperSections.headingName("...") == "")
    }
}
