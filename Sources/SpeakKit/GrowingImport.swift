import Foundation
import SpeakImport
import SpeakIntake
import SpeakLibrary
import SpeakModel
import SpeakPlayer

/// A document made while its beginning already plays — an image whose first lines are read
/// (`speak play page.png`), a translation whose first paragraphs are translated (`speak play
/// ID --in es`): the work runs on a thread of its own, the opening comes as soon as it is
/// there, longer beginnings follow it into the player, and the whole document is stored and
/// handed to the player when it is done.
final class GrowingImport: @unchecked Sendable {
    /// What comes first: the opening to play, or the end of the import.
    enum Start {
        case opening(Document)
        case finished
    }

    /// What is being made, as the user named it (the file, the translation's title).
    let source: String
    private let condition = NSCondition()
    private var opening: Document?
    private var outcome: Result<(id: Int64, document: Document), any Error>?
    private var player: Player?
    private let positions: PositionSaver
    /// The block of the whole document the opening begins with (a translation made from where
    /// the listener was): the player keeps playing from there, its words numbered from 0.
    private let startBlock: Int

    private init(source: String, positions: PositionSaver, startBlock: Int) {
        self.source = source
        self.positions = positions
        self.startBlock = startBlock
    }

    /// How an image file to play begins: already in the library, or being read.
    enum Started {
        case stored(Int64)
        case reading(GrowingImport)
    }

    /// Starts importing `input` when it is an image file not in the library yet, or names the
    /// stored copy; nil for anything else (imported the usual way).
    static func start(_ input: InputReference, request: ImportRequest, store: LibraryStore, folder: [String],
                      positions: PositionSaver) throws -> Started? {
        guard case .file(let path) = input, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let head = handle.readData(ofLength: 1 << 16)
        try? handle.close()
        guard DocumentImport.isScan(ImportSource(name: path, data: head), request: request) else { return nil }
        let source = try InputReader.read(input)
        let hash = DocumentImport.contentHash(source.data)
        if !request.force, let existing = try store.summary(contentHash: hash) { return .stored(existing.id) }
        return .reading(begin(source: path, positions: positions) { opening in
            let document = try DocumentImport.runScan(source, request: request, hash: hash, progress: { _ in }, opening: opening)
            let stored = try store.insert(document, folderPath: folder, allowDuplicate: request.force)
            return (stored.id, try store.document(id: stored.id))
        })
    }

    /// Runs `work` on a thread of its own; it hands its opening to the closure it is given
    /// (as often as the opening grows) and returns the stored document.
    static func begin(source: String, positions: PositionSaver, startBlock: Int = 0,
                      work: @escaping @Sendable (_ opening: @escaping @Sendable (Document) -> Void) throws -> (id: Int64, document: Document)) -> GrowingImport {
        let growing = GrowingImport(source: source, positions: positions, startBlock: startBlock)
        let thread = Thread {
            growing.run(work)
        }
        thread.stackSize = 1 << 20
        thread.start()
        return growing
    }

    private func run(_ work: @Sendable (_ opening: @escaping @Sendable (Document) -> Void) throws -> (id: Int64, document: Document)) {
        let result = Result { () throws -> (id: Int64, document: Document) in
            try work { [self] early in
                condition.lock()
                // What plays keeps its words: a beginning that does not go on from the last
                // one (pages read since changed how an earlier line was joined) waits for the whole.
                if let had = opening, !early.begins(with: had) {
                    condition.unlock()
                    return
                }
                opening = early
                let player = self.player
                condition.broadcast()
                condition.unlock()
                // A longer beginning while the opening plays: listening goes on into it
                // instead of waiting for the whole document.
                player?.extend(with: early, complete: false)
            }
        }
        condition.lock()
        outcome = result
        let player = self.player
        condition.broadcast()
        condition.unlock()
        finish(player, result)
    }

    /// Waits for the opening, or for the end of an import that had none.
    func waitForStart() -> Start {
        condition.lock()
        defer { condition.unlock() }
        while opening == nil, outcome == nil { condition.wait() }
        if outcome == nil, let opening { return .opening(opening) }
        return .finished
    }

    /// The player of the opening: it gets longer beginnings as they come, and the whole
    /// document when the import is done.
    func attach(_ player: Player) {
        condition.lock()
        self.player = player
        let done = outcome, latest = opening
        condition.unlock()
        // A beginning that grew while the player was being made.
        if done == nil, let latest { player.extend(with: latest, complete: false) }
        if let done { finish(player, done) }
    }

    private func finish(_ player: Player?, _ result: Result<(id: Int64, document: Document), any Error>) {
        switch result {
        case .success(let stored):
            let blocks = stored.document.blocks
            positions.attach(documentID: stored.id, shift: blocks.indices.contains(startBlock) ? blocks[startBlock].firstWord : 0)
            player?.extend(with: stored.document.suffix(fromBlock: startBlock))
        case .failure:
            player?.endGrowing()
        }
    }

    /// Whether the player's words are numbered from a block after the first.
    var startsMidway: Bool { startBlock > 0 }

    /// Whether the import has ended (stored, or failed).
    var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return outcome != nil
    }

    /// Waits for the import to end: the stored document's id, or its error.
    func result() throws -> Int64 {
        condition.lock()
        while outcome == nil { condition.wait() }
        let done = outcome
        condition.unlock()
        guard let done else { return 0 }
        return try done.get().id
    }
}

/// Saves the listening position of a document, holding the last one back while the document
/// is not stored yet (an image still being read while its beginning plays).
final class PositionSaver: @unchecked Sendable {
    private let lock = NSLock()
    private let store: LibraryStore
    private var documentID: Int64?
    private var pending: (word: Int, speed: Double, finished: Bool)?
    /// What to add to a word of the player's document to get the stored document's.
    private var shift = 0

    init(store: LibraryStore, documentID: Int64?) {
        self.store = store
        self.documentID = documentID
    }

    var id: Int64? {
        lock.lock()
        defer { lock.unlock() }
        return documentID
    }

    /// The stored document's word for the player's word `word`.
    func libraryWord(_ word: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return word + shift
    }

    func save(word: Int, speed: Double, finished: Bool) {
        lock.lock()
        guard let documentID else {
            pending = (word, speed, finished)
            lock.unlock()
            return
        }
        let stored = word + shift
        lock.unlock()
        try? store.savePosition(documentID: documentID, wordIndex: stored, speed: speed, finished: finished)
    }

    /// The document is stored as `id`; the player's word `w` is its word `w + shift`.
    func attach(documentID id: Int64, shift: Int = 0) {
        lock.lock()
        documentID = id
        self.shift = shift
        let waiting = pending
        pending = nil
        lock.unlock()
        if let waiting { save(word: waiting.word, speed: waiting.speed, finished: waiting.finished) }
    }
}
