import Foundation
import SpeakImport
import SpeakImportText
import SpeakModel
import Testing

/// A README as projects write it (zstd's, under /usr/share/doc): a logo in HTML, badges,
/// reference-style links and their definitions, `__strong__` text. What is read is the prose;
/// the rest is kept, skipped, with its reason.
@Suite struct MarkdownReadmeTests {
    static let readme = """
        <p align="center"><img src="https://example.org/logo.png" alt="Zstandard"></p>

        __Zstandard__, or `zstd` as _short_ version, is a fast lossless compression algorithm, see [RFC8878][rfc].
        It keeps snake_case_names and `__init__` as they are.

        [![Build Status][travisBadge]][travisLink] [![Coverage](https://example.org/c.svg)](https://example.org/c)

        <h2 align="center">Benchmarks</h2>

        <!-- a note for the maintainers,

        over two paragraphs -->
        The numbers below were measured on a laptop &amp; a server with [lzbench], not [this].

        <T> is the type parameter of the list.

        <!-- a comment --> This sentence follows it.

        [1]: Smith, J. The Art of Reading. Oxford, 2001.

        [rfc]: https://datatracker.ietf.org/doc/html/rfc8878
        [LZBench]: https://github.com/inikep/lzbench
        [travisBadge]: https://api.travis-ci.com/zstd.svg "Continuous Integration"

        """

    private func blocks() throws -> [Block] {
        try PlainTextImporter().importDocument(ImportSource(name: "README.md", data: Data(Self.readme.utf8)), options: ImportOptions()) { _ in }.blocks
    }

    @Test func theProseIsReadWithoutMarkup() throws {
        let read = try blocks().filter(\.isSpoken).map(\.text)
        #expect(read == ["Zstandard, or zstd as short version, is a fast lossless compression algorithm, see RFC8878. It keeps snake_case_names and __init__ as they are.",
                         "Benchmarks",
                         "The numbers below were measured on a laptop & a server with lzbench, not [this].",
                         "<T> is the type parameter of the list.", "This sentence follows it.",
                         "[1]: Smith, J. The Art of Reading. Oxford, 2001."], "\(read)")
        #expect(try blocks().contains { $0.kind == .heading(level: 2) && $0.text == "Benchmarks" })
    }

    @Test func tagsAndCharacterReferencesInASentenceAreNotRead() throws {
        let text = """
            Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop.<br>Drink H<sub>2</sub>O &#8212; or &#x2013; not, <img src="c.png" alt="a cat"> sat.

            End <!-- note --> here; `<div>` and <T> and a < b > c stay, &#38;lt; too.
            """
        let read = try PlainTextImporter().importDocument(ImportSource(name: "notes.md", data: Data(text.utf8)), options: ImportOptions()) { _ in }
            .blocks.map(\.text)
        #expect(read == ["Press Ctrl+C to stop. Drink H2O — or – not, a cat sat.",
                         "End here; <div> and <T> and a < b > c stay, &lt; too."], "\(read)")
    }

    @Test func logosBadgesCommentsAndLinkTargetsAreKeptAndSkipped() throws {
        let skipped = try blocks().filter { !$0.isSpoken }.map { "\($0.skip?.rawValue ?? ""): \($0.text)" }
        #expect(skipped == ["figure: Zstandard",
                            "figure: Build Status, Coverage",
                            "hidden: <!-- a note for the maintainers,\n\nover two paragraphs -->",
                            "hidden: <!-- a comment -->",
                            "marker: [rfc]: https://datatracker.ietf.org/doc/html/rfc8878",
                            "marker: [LZBench]: https://github.com/inikep/lzbench",
                            "marker: [travisBadge]: https://api.travis-ci.com/zstd.svg \"Continuous Integration\""], "\(skipped)")
    }
}
