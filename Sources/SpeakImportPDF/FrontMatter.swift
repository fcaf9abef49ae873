import Foundation
import SpeakImport
import SpeakModel

/// The head of a paper's first page read by its typography: the title (the largest type near
/// the top that is not furniture), the banner lines above it (a journal's running banner, the
/// article type), the author lines under it, and the affiliation block between the authors and
/// the abstract.
struct FrontMatter {
    /// The printed title, markers removed; nil when no line stands out as one.
    private(set) var title: String?
    /// The printed authors ("I. Baraffe, T. Constantino"), markers removed.
    private(set) var authors: String?
    /// Lines of the first page (`page`) that are not read, with why.
    private(set) var skipped: [Int: SkipReason] = [:]
    /// The page the title is on.
    private(set) var page = 0
    /// The arXiv id, DOI and journal the first page prints.
    private(set) var identifiers: [String: String] = [:]

    /// A title is set at least this much larger than the body text.
    static let titleScale = 1.2

    init(pages: [PDFPage], reasons: [[SkipReason?]], bodySize: Double) {
        guard bodySize > 0, let p = pages.indices.first(where: { i in pages[i].lines.indices.contains { reasons[i][$0] == nil } }) else { return }
        page = p
        let lines = pages[p].lines
        identifiers = Self.identifiers(in: lines.map(\.text))
        let height = pages[p].height
        let candidates = lines.indices.filter { i in
            reasons[p][i] == nil && !lines[i].turned && lines[i].top < height * 0.5 && lines[i].text.contains(where: \.isLetter)
        }
        guard let largest = candidates.map({ lines[$0].size }).max() else { return }
        // The title is the largest type; on a page set in one size, the first short line
        // centred on it.
        let uniform = largest < bodySize * Self.titleScale
        let width = pages[p].width
        let centred = { (line: PDFLine) in
            abs((line.left + line.right) / 2 - width / 2) < width * 0.05 && line.right - line.left < width * 0.8
        }
        let found = uniform
            ? candidates.first { centred(lines[$0]) && lines[$0].text.split(separator: " ").count <= 25 && !lines[$0].text.hasSuffix(".") }
            : candidates.first { lines[$0].size == largest }
        guard let first = found else { return }
        let titleSize = lines[first].size
        // The title: its first line and those right under it in the same size.
        var titleLines = [first]
        for i in candidates where i > first {
            let previous = lines[titleLines[titleLines.count - 1]]
            guard abs(lines[i].size - titleSize) < 0.6, lines[i].top >= previous.top, lines[i].top - previous.bottom < titleSize * (uniform ? 0.5 : 1),
                  !uniform || centred(lines[i]) && !Self.looksLikeAuthors(lines[i].text) else { break }
            titleLines.append(i)
            if titleLines.count == 4 { break }
        }
        let titleText = titleLines.map { lines[$0].text }.joined(separator: " ")
        guard titleText.split(separator: " ").count <= 40 else { return }
        let title = Self.withoutMarkers(titleText)
        let titleTop = lines[first].top
        // Above the title: the journal's banner, the article type; more than that, and the
        // large line is a heading further down a page of text.
        let above = candidates.filter { i in i != first && lines[i].bottom <= titleTop + 1 && !titleLines.contains(i) }
        guard above.count <= 3 else { return }
        for i in above { skipped[i] = .banner }
        if let banner = above.first.map({ Self.journal(lines[$0].text) }), !banner.isEmpty, !Self.isGenre(banner) { identifiers["journal"] = banner }
        self.title = title
        // Under it, in order: authors, then the affiliation block until the abstract or the
        // first heading or paragraph of body text.
        let last = titleLines[titleLines.count - 1]
        let below = lines.indices.filter { i in
            i > last && reasons[p][i] == nil && !lines[i].turned && lines[i].top > lines[last].top
        }
        var authorLines: [Int] = []
        var inAffiliations = false
        for i in below {
            let text = lines[i].text.trimmingSpaces()
            if Self.isAbstractHeading(String(text)) || !uniform && lines[i].size >= titleSize * 0.95 || Self.isDate(String(text)) { break }
            if Self.looksLikeAffiliation(String(text)) {
                inAffiliations = true
                skipped[i] = .affiliation
                continue
            }
            if inAffiliations {
                // An affiliation runs on over its lines; body text ends it.
                if lines[i].size <= bodySize * 1.05, text.split(separator: " ").count <= 14 || Self.startsWithMark(String(text)) {
                    skipped[i] = .affiliation
                    continue
                }
                break
            }
            if authorLines.count < 3, Self.looksLikeAuthors(String(text)) {
                authorLines.append(i)
                continue
            }
            break
        }
        if !authorLines.isEmpty {
            let names = Self.withoutMarkers(authorLines.map { lines[$0].text }.joined(separator: ", "))
            authors = names.isEmpty ? nil : names
        }
    }

    /// The arXiv id ("2201.00200v1", from the stamp) and the DOI printed on the page.
    static func identifiers(in lines: [String]) -> [String: String] {
        var out: [String: String] = [:]
        for line in lines where line.contains("arXiv") || line.contains("10.") {
            if out["arxiv"] == nil, let id = PaperIdentifiers.arXiv(in: line) { out["arxiv"] = id }
            if out["doi"] == nil, let doi = PaperIdentifiers.doi(in: line) { out["doi"] = doi }
        }
        return out
    }

    /// The journal's name from its banner: what comes before "manuscript no.", the volume,
    /// the year or the copyright sign.
    static func journal(_ banner: String) -> String {
        var name = Substring(banner)
        for stop in [" manuscript", " Vol", " vol.", " (", "©", ",", " 19", " 20"] {
            if let range = name.range(of: stop) { name = name[..<range.lowerBound] }
        }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return trimmed.count >= 4 && trimmed.first?.isUppercase == true ? trimmed : ""
    }

    /// What kind of document it is ("Lecture Notes", "Vorlesungsskript", "Preprint", "Research
    /// Article"), printed where a journal's banner would be: not a journal's name.
    static func isGenre(_ line: String) -> Bool {
        let lower = line.lowercased()
        // Journals are named with words such as "Reports" and "Letters" too: only a short line
        // naming a genre, or one of the phrases no journal is called, is a genre.
        return lower.split(separator: " ").count <= 3 && genreWords.contains { lower.contains($0) } || genrePhrases.contains { lower.contains($0) }
    }

    private static let genreWords = [
        "lecture", "vorlesung", "skript", "script", "preprint", "draft", "entwurf", "thesis", "dissertation", "arbeit",
        "white paper", "working paper", "article", "artikel", "manuscript", "notes", "handout", "tutorial", "cours", "mémoire",
        "apuntes", "tesis",
    ]
    private static let genrePhrases = ["technical report", "research report", "research letter", "letter to the editor", "review article"]

    /// "Abstract", "ABSTRACT", "Abstract—…", "Summary", "Zusammenfassung", "Résumé".
    static func isAbstractHeading(_ text: String) -> Bool {
        let lower = text.lowercased()
        return ["abstract", "summary", "zusammenfassung", "résumé", "kurzfassung"].contains { lower.hasPrefix($0) }
            || lower.hasPrefix("key words") || lower.hasPrefix("keywords") || lower.hasPrefix("received")
    }

    /// A line that is a date ("December 2021", "January 4, 2022", "4 January 2022").
    static func isDate(_ text: String) -> Bool {
        let words = text.lowercased().split { $0 == " " || $0 == "," }
        guard (2...4).contains(words.count), words.contains(where: { $0.count == 4 && $0.allSatisfy(\.isNumber) }) else { return false }
        return words.contains { months.contains(String($0)) }
    }

    private static let months: Set<String> = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        "januar", "februar", "märz", "juni", "juli", "oktober", "dezember", "janvier", "février", "mars", "avril", "mai", "juin",
        "juillet", "août", "septembre", "octobre", "novembre", "décembre",
    ]

    /// Starts with an affiliation's mark: a superscript, a digit or a symbol and a space.
    static func startsWithMark(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        if Self.superscripts.contains(first) || Self.symbols.contains(first) { return true }
        let digits = text.prefix { $0.isNumber }
        return !digits.isEmpty && digits.count <= 2 && text.dropFirst(digits.count).first == " "
            && text.dropFirst(digits.count + 1).first?.isUppercase == true
    }

    private static let institutionWords = [
        "university", "universität", "université", "universidad", "università", "universiteit", "institute", "institut",
        "department", "dept.", "laboratory", "laboratoire", "observatory", "observatoire", "college", "school of",
        "faculty", "fakultät", "centre", "center for", "academy", "hospital", "e-mail", "email:", "research council",
        "national lab", "inc.", "gmbh", "ltd.", "corporation", "max-planck", "cnrs", "@",
    ]

    /// An institution, an address or an e-mail address (after a mark, or naming one).
    static func looksLikeAffiliation(_ text: String) -> Bool {
        let lower = text.lowercased()
        // Where the first institution word starts: "Martin Thoma E-Mail: …" names the author
        // first, an author line with an address; "Institut für Physik, Universität Würzburg"
        // names no one.
        guard let at = institutionWords.compactMap({ lower.range(of: $0)?.lowerBound }).min() else { return false }
        // Whole words only: "John Smith john@x.org" has two before the address.
        let head = lower[..<at]
        let before = head.split(separator: " ").count - (head.last.map { $0 == " " } == false ? 1 : 0)
        if !startsWithMark(text), before >= 2, looksLikeAuthors(text.split(separator: " ").prefix(before).joined(separator: " ")) { return false }
        return true
    }

    /// Names: capitalized words and initials set apart by commas or "and", few small words.
    static func looksLikeAuthors(_ text: String) -> Bool {
        let words = withoutMarkers(text).split { $0 == " " || $0 == "," }.map(String.init).filter { !["and", "und", "et", "&"].contains($0) }
        guard words.count >= 2, words.count <= 60 else { return false }
        let named = words.filter { $0.first?.isUppercase == true }
        return named.count * 10 >= words.count * 8 && !text.hasSuffix(".") || text.hasSuffix(".") && named.count == words.count && words.count <= 4
    }

    private static let superscripts = Set("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁽⁾".unicodeScalars)
    /// Footnote symbols, with the asterisk operator and star LaTeX's \thanks sets.
    private static let symbols = Set("*†‡§¶∗⋆".unicodeScalars)

    /// The text without superscript marks and footnote symbols, spaces tidied.
    static func withoutMarkers(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !superscripts.contains(scalar) && !symbols.contains(scalar) {
            scalars.append(scalar)
        }
        var out = String(scalars)
        // Marks gone leave " ," and ",," behind ("A¹, ², B"): tidy until nothing changes.
        out = out.replacingOccurrences(of: " ,", with: ",")
        while out.contains(",,") { out = out.replacingOccurrences(of: ",,", with: ",") }
        while out.contains("  ") { out = out.replacingOccurrences(of: "  ", with: " ") }
        return out.trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
    }
}
