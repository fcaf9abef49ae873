import Foundation
import SpeakIntake
import SpeakLibrary
import SpeakModel

/// A chapter as `speak chapters` lists it.
public struct ChapterEntry: Sendable, Equatable, Codable {
    /// 1-based.
    public var number: Int
    public var title: String
    public var firstWord: Int
    /// Words up to the next chapter of the same or a higher level (sections included).
    public var words: Int
    /// 1 for a top entry of the table of contents, 2 for a section of it, …
    public var level: Int
}

/// One file found by a directory import, and the folder it goes to.
public struct DirectoryImportItem: Sendable, Equatable {
    public var path: String
    /// Folder names from the top level down.
    public var folder: [String]
}

extension Speak {
    /// Imports several inputs as one book: one chapter per input, in the given order, titled
    /// with each input's own title. Stored in one transaction; nothing is stored when any
    /// input fails.
    public func importBook(title: String, inputs: [InputReference], request: ImportRequest = ImportRequest(),
                           progress: ProgressHandler? = nil) throws -> ImportOutcome {
        let store = try library()
        let folder = try folderNames(request.folder ?? "")
        var parts: [(title: String, document: Document)] = []
        var hashes: [String] = []
        for (i, input) in inputs.enumerated() {
            let part = try importPart(input, request: request)
            parts.append((part.metadata.title, part))
            hashes.append(part.metadata.contentHash)
            progress?(0.7 * Double(i + 1) / Double(inputs.count))
        }
        guard let first = parts.first?.document.metadata else {
            throw InputUsageError(message: "a book needs at least one file")
        }
        var metadata = first
        metadata.title = title
        metadata.source = parts.map(\.document.metadata.source).joined(separator: "; ")
        metadata.contentHash = Self.combinedHash(["book", title] + hashes)
        metadata.imported = Date()
        metadata.pageCount = nil
        metadata.pageLabels = nil
        let book = Document.book(metadata: metadata, parts: parts)
        let stored = try store.insert(book, folderPath: folder, book: true, allowDuplicate: request.force) {
            progress?(0.7 + 0.3 * $0)
        }
        let summary = try store.summary(id: stored.id)
        return ImportOutcome(id: stored.id, title: summary.metadata.title, source: summary.metadata.source,
                             words: summary.wordCount, duplicate: stored.duplicate, warnings: stored.duplicate ? [] : book.warnings)
    }

    /// Appends a file to document `id` as its last chapter (titled `title`, else the file's
    /// own title). The document's words so far keep their indices.
    public func appendChapter(to id: Int64, input: InputReference, title: String? = nil,
                              request: ImportRequest = ImportRequest()) throws -> ChapterEntry {
        let store = try library()
        let document = try store.document(id: id)
        let part = try importPart(input, request: request)
        var combined = document.appending(part, chapterTitle: title ?? part.metadata.title)
        combined.metadata.contentHash = Self.combinedHash([document.metadata.contentHash, part.metadata.contentHash])
        try store.replaceContent(id: id, with: combined, expectedHash: document.metadata.contentHash)
        let chapters = Self.chapterEntries(combined).filter { $0.level == 1 }
        guard let last = chapters.last else { throw LibraryError.chapterNotFound(number: 1, documentID: id, count: 0) }
        return last
    }

    /// The chapters of document `id`.
    public func chapters(of id: Int64) throws -> [ChapterEntry] {
        Self.chapterEntries(try library().document(id: id))
    }

    /// Moves chapter `from` to position `to` (1-based); the reading position stays on its word.
    public func moveChapter(of id: Int64, from: Int, to: Int) throws -> [ChapterEntry] {
        let store = try library()
        let document = try store.document(id: id)
        for number in [from, to] where !(1...max(1, document.chapters.count)).contains(number) || document.chapters.isEmpty {
            throw LibraryError.chapterNotFound(number: number, documentID: id, count: document.chapters.count)
        }
        guard let moved = document.movingChapter(from - 1, to: to - 1) else { throw LibraryError.chapterNotMovable(number: from) }
        var edited = moved.document
        edited.metadata.contentHash = Self.combinedHash([document.metadata.contentHash, "move \(from) \(to)"])
        try store.replaceContent(id: id, with: edited, expectedHash: document.metadata.contentHash,
                                 renumbering: moved.renumbering)
        return Self.chapterEntries(edited)
    }

    /// The files a directory import takes, in name order, with the folders that mirror the
    /// directory (`into` first, then the directory's own name, then its subdirectories).
    /// Hidden files and directories are left out.
    public func directoryImportPlan(_ path: String, into folder: [String] = []) throws -> [DirectoryImportItem] {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        let base = folder + [root.lastPathComponent]
        for name in base {
            if let problem = Folder.problem(with: name) { throw LibraryError.badName(name: name, reason: problem) }
        }
        var items: [DirectoryImportItem] = []
        func walk(_ directory: URL, _ names: [String]) throws {
            let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { !$0.hasPrefix(".") }
                .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            for entry in entries {
                let url = directory.appendingPathComponent(entry)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    guard Folder.problem(with: entry) == nil else { continue }
                    try walk(url, names + [entry])
                } else {
                    items.append(DirectoryImportItem(path: url.path, folder: names))
                }
            }
        }
        do {
            try walk(root, base)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw InputUsageError(message: "cannot read the directory '\(path)': \((error as NSError).localizedDescription)")
        }
        return items
    }

    private func importPart(_ input: InputReference, request: ImportRequest) throws -> Document {
        if case .document(let id) = input {
            throw InputUsageError(message: "'\(id)' is a library id; name files to add (write ./\(id) for a file named \(id))")
        }
        let source = try InputReader.read(input)
        let hash = DocumentImport.contentHash(source.data)
        var partRequest = request
        partRequest.title = nil
        return try DocumentImport.run(consume source, request: partRequest, hash: hash) { _ in }
    }

    static func chapterEntries(_ document: Document) -> [ChapterEntry] {
        let chapters = document.chapters
        return chapters.enumerated().map { i, chapter in
            let end = chapters[(i + 1)...].first { $0.level <= chapter.level }?.firstWord ?? document.wordCount
            return ChapterEntry(number: i + 1, title: chapter.title, firstWord: chapter.firstWord, words: end - chapter.firstWord,
                                level: chapter.level)
        }
    }

    static func combinedHash(_ parts: [String]) -> String {
        DocumentImport.contentHash(Data(parts.joined(separator: "\n").utf8))
    }
}
