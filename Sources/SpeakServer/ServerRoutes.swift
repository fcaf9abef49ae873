import Foundation
import Hummingbird
import SpeakKit

/// The server's pages and API: the library, search, the reader, the speech clips with their
/// word timings, reading positions, and logging in.
struct ServerRoutes {
    let speak: Speak
    let access: ServerAccess
    let voice: SpeechQueue
    let imports: ImportJobs
    let positions: PositionBook

    /// Largest file taken by upload (`SPEAK_SERVE_MAX_UPLOAD`, in bytes, sets another).
    let maximumUpload: Int

    /// Longest request body taken (a position, a login form).
    static let maximumBody = 64 << 10

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            let query = request.uri.queryParameters
            let sort = query.get("sort").flatMap(LibrarySort.init(rawValue:)) ?? .recent
            let filter = query.get("filter").flatMap(LibraryFilter.init(rawValue:)) ?? .all
            let folder = query.get("folder").flatMap { $0.isEmpty ? nil : $0 }
            let number = query.get("page", as: Int.self) ?? 1
            return try page { try LibraryPage(speak: speak).render(path: folder, sort: sort, filter: filter, page: number) }
        }
        router.get("/search") { request, _ in
            try page { try LibraryPage(speak: speak).search(request.uri.queryParameters.get("q") ?? "") }
        }
        router.get("/read/{id}") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            let word = request.uri.queryParameters.get("word", as: Int.self)
            let (summary, document) = try await documentOrNotFound(id)
            let voices = (try? await voice.run { [voice] in try voice.voiceList() })
                .map { ReaderPage.voices($0, language: document.metadata.language) } ?? []
            let languages = try LanguageSwitch.of(id, language: document.metadata.language, speak: speak)
            let original = try await originalDocument(of: languages.flatMap { $0.originalID == id ? nil : $0.originalID })
            return Self.html(ReaderPage(summary: summary, document: document, voices: voices, languages: languages, original: original)
                .render(word: word, block: request.uri.queryParameters.get("block", as: Int.self),
                        skipStep: speak.config.skipStep, wordsPerMinute: speak.config.wordsPerMinute))
        }
        router.post("/api/documents/{id}/translations") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            guard let language = request.uri.queryParameters.get("to"), !language.isEmpty else {
                throw HTTPError(.badRequest, message: "to= is missing: the language to translate into, such as es")
            }
            _ = try await documentOrNotFound(id)
            // Apertium takes seconds on a book: on a thread of its own, not the speech thread.
            do {
                let outcome = try await offEventLoop { [speak] in try speak.translation(of: id, to: language) }
                return try Self.json(outcome, status: outcome.made ? .created : .ok)
            } catch let error as any UserFacingError {
                throw HTTPError(.badRequest, message: error.message)
            }
        }
        router.get("/api/documents/{id}/blocks") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            let query = request.uri.queryParameters
            let (_, document) = try await documentOrNotFound(id)
            // A window: after block `from`, before block `before`, or around word `around`.
            let range = if let before = query.get("before", as: Int.self) {
                ReaderPage.backward(document, before: before)
            } else if let word = query.get("around", as: Int.self) {
                ReaderPage.window(document, around: word)
            } else {
                ReaderPage.forward(document, from: query.get("from", as: Int.self) ?? 0)
            }
            // A window of blocks needs the original (of a translation), not the whole language switch.
            let original = try await originalDocument(of: try speak.translationLinks(of: id).original?.originalID)
            return Self.html(ReaderPage.blocks(document, range, original: original, language: original?.metadata.language ?? "en"), page: false)
        }
        router.get("/api/documents/{id}/clip") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            let query = request.uri.queryParameters
            guard let from = query.get("from", as: Int.self) else { throw HTTPError(.badRequest, message: "from= is missing") }
            let speed = ListeningSpeed.playable(query.get("speed", as: Double.self)) ?? 1
            let words = min(400, max(1, query.get("words", as: Int.self) ?? 40))
            let format = query.get("format").flatMap(ClipFormat.init(rawValue:)) ?? .wav
            let clip: SpeechClip
            do {
                clip = try await voice.clip(id, from: from, words: words, speed: speed, voice: query.get("voice"), format: format)
            } catch let error as ClipRangeError {
                throw HTTPError(.badRequest, message: "word \(error.word) is outside the document (0 to \(error.count - 1))")
            } catch LibraryError.documentNotFound {
                throw HTTPError(.notFound)
            } catch let error as any UserFacingError {
                // An unknown voice, a voice that cannot start: said as the command line says it.
                throw HTTPError(.badRequest, message: error.message)
            }
            return try Self.json(ClipReply(clip))
        }
        router.post("/api/voices/prepare") { request, _ in
            let query = request.uri.queryParameters
            voice.prepare(voice: query.get("voice").flatMap { $0.isEmpty ? nil : $0 }, document: query.get("document", as: Int64.self))
            return Response(status: .accepted)
        }
        router.post("/api/documents/{id}/position") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            var request = request
            let body = try await request.collectBody(upTo: Self.maximumBody)
            guard let position = try? JSONDecoder().decode(PositionReport.self, from: Data(buffer: body)) else {
                throw HTTPError(.badRequest, message: "the body is not a position: {\"word\": N, \"speed\": S}")
            }
            do {
                try positions.report(position, document: id)
            } catch LibraryError.documentNotFound {
                throw HTTPError(.notFound)
            }
            return Response(status: .noContent)
        }
        router.post("/api/sync-now") { request, _ in
            let playing = try await SyncNowRequest.place(of: request)
            // What the pages reported goes with the sync, not after it.
            positions.flush()
            // The helper runs for a second or two: off the event loop.
            let outcome = await Task.detached { speak.runSync(playing: playing) }.value
            return try Self.json(SyncNowReply(synced: outcome.succeeded, message: outcome.message,
                                              moved: Dictionary(uniqueKeysWithValues: outcome.moved.map { (String($0.key), $0.value) })))
        }
        let manage = ManagePages(speak: speak)
        router.get("/import") { _, _ in Self.html(ImportPage.render(folders: try manage.allFolders())) }
        router.post("/api/import") { request, _ in
            let query = request.uri.queryParameters
            // Only the file's own name is kept: a path in it names nothing on this machine.
            let name = String((query.get("name") ?? "upload").split(separator: "/").last ?? "upload")
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: maximumUpload)
            } catch {
                throw HTTPError(.contentTooLarge, message: "'\(name)' is larger than \(Self.megabytes(maximumUpload)); import it with speak import")
            }
            let job = imports.start(.uploaded(name: name, data: Data(buffer: body)), name: name, request: Self.importRequest(folder: query.get("folder")))
            return try Self.json(job, status: .accepted)
        }
        router.post("/api/import-url") { request, _ in
            let asked = try await Self.decode(ImportURL.self, request)
            let url = asked.url.trimmingCharacters(in: .whitespaces)
            guard url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") else {
                throw HTTPError(.badRequest, message: "'\(url)' is not an http(s) address")
            }
            return try Self.json(imports.start(.url(url), name: url, request: Self.importRequest(folder: asked.folder)), status: .accepted)
        }
        router.post("/api/import-text") { request, _ in
            let pasted = try await Self.decode(PastedText.self, request)
            guard !pasted.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw HTTPError(.badRequest, message: "there is no text to import")
            }
            let title = pasted.title?.trimmingCharacters(in: .whitespaces).nonEmpty
            var importRequest = Self.importRequest(folder: pasted.folder)
            importRequest.title = title
            importRequest.format = .text
            let job = imports.start(.uploaded(name: title ?? "pasted text", data: Data(pasted.text.utf8)), name: title ?? "pasted text",
                                    request: importRequest)
            return try Self.json(job, status: .accepted)
        }
        router.get("/api/imports/{job}") { _, context in
            guard let job = imports.job(try context.parameters.require("job", as: Int.self)) else { throw HTTPError(.notFound) }
            return try Self.json(job)
        }
        router.get("/manage") { request, _ in
            try page { try manage.manage(request.uri.queryParameters.get("item") ?? "") }
        }
        router.get("/trash") { _, _ in try page { try manage.trash() } }
        router.get("/stats") { _, _ in try page { try manage.stats() } }
        router.post("/manage/{action}") { request, context in
            let action = try context.parameters.require("action")
            let form = try await Self.form(request)
            let item = ManagePages.item(form["item"] ?? "")
            do {
                switch action {
                case "rename":
                    try speak.rename(item, to: form["name"] ?? "")
                case "move":
                    try speak.move([item], to: form["to"] ?? "")
                case "trash":
                    _ = try speak.moveToTrash(item, recursive: true)
                case "restore":
                    _ = try speak.restore(item)
                    return Response(status: .seeOther, headers: [.location: "/trash"])
                default:
                    throw HTTPError(.notFound)
                }
            } catch let error as LibraryError {
                var response = Self.html(ManagePages.problem(error.message))
                response.status = .badRequest
                return response
            }
            return Response(status: .seeOther, headers: [.location: "/"])
        }
        router.get("/login") { _, _ in Self.html(LoginPage.render(failed: false)) }
        router.post("/login") { request, _ in
            let password = try await Self.form(request)["password"] ?? ""
            guard let token = access.login(password: password) else {
                var response = Self.html(LoginPage.render(failed: true))
                response.status = .unauthorized
                return response
            }
            var response = Response(status: .seeOther, headers: [.location: "/"])
            response.setCookie(Cookie(name: ServerAccess.cookie, value: token, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        router.post("/logout") { request, _ in
            if let token = request.cookies[ServerAccess.cookie]?.value { access.logout(token) }
            var response = Response(status: .seeOther, headers: [.location: access.isOpen ? "/" : "/login"])
            response.setCookie(Cookie(name: ServerAccess.cookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        router.get("/assets/{name}") { _, context in
            guard let asset = Assets.named(try context.parameters.require("name")) else { throw HTTPError(.notFound) }
            return Response(status: .ok, headers: [.contentType: asset.type, .cacheControl: "no-cache"],
                            body: .init(byteBuffer: ByteBuffer(string: asset.text)))
        }
    }

    private func documentOrNotFound(_ id: Int64) async throws -> (DocumentSummary, Document) {
        do {
            return try await voice.run { [voice] in try voice.document(id) }
        } catch LibraryError.documentNotFound {
            throw HTTPError(.notFound, message: "there is no document \(id) in the library")
        } catch LibraryError.documentInTrash {
            throw HTTPError(.notFound, message: "document \(id) is in the trash")
        }
    }

    /// Document `id` (the original of a translation), or nil for none.
    private func originalDocument(of id: Int64?) async throws -> Document? {
        guard let id else { return nil }
        return try await documentOrNotFound(id).1
    }

    private func page(_ render: () throws -> String) throws -> Response {
        do {
            return Self.html(try render())
        } catch LibraryError.folderNotFound(let path) {
            throw HTTPError(.notFound, message: "there is no folder '\(path)'")
        }
    }

    static func html(_ text: String, page: Bool = true) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try JSONEncoder().encode(value)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A JSON request body of at most `maximumBody` bytes.
    static func decode<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        var request = request
        let body = try await request.collectBody(upTo: Self.maximumBody * 16)
        guard let value = try? JSONDecoder().decode(type, from: Data(buffer: body)) else {
            throw HTTPError(.badRequest, message: "the body is not what this call takes")
        }
        return value
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    /// The fields of a form posted as `application/x-www-form-urlencoded`.
    static func form(_ request: Request) async throws -> [String: String] {
        var request = request
        let body = String(buffer: try await request.collectBody(upTo: Self.maximumBody))
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first else { continue }
            let value = (parts.count > 1 ? String(parts[1]) : "").replacingOccurrences(of: "+", with: " ")
            fields[String(name).removingPercentEncoding ?? String(name)] = value.removingPercentEncoding ?? value
        }
        return fields
    }

    static func importRequest(folder: String?) -> ImportRequest {
        ImportRequest(folder: folder?.trimmingCharacters(in: .whitespaces).nonEmpty)
    }
}

/// A clip as the reader's script takes it: the audio in base64 beside the word times.
struct ClipReply: Encodable {
    var mime: String
    var audio: String
    var duration: Double
    var next: Int?
    /// [index, start, end] per word, in seconds.
    var words: [[Double]]
    /// Words that start a sentence.
    var sentences: [Int]

    init(_ clip: SpeechClip) {
        mime = clip.mimeType
        audio = clip.audio.base64EncodedString()
        duration = clip.duration
        next = clip.nextWord
        sentences = clip.sentenceStarts
        words = clip.words.map { [Double($0.index), ($0.start * 1000).rounded() / 1000, ($0.end * 1000).rounded() / 1000] }
    }
}

/// What the reader's sync button gets: whether the sync worked, and which positions it moved.
/// What the reader's sync button sends: the document open on the page, the word it opened
/// at and since when the position had been there (`PlayingPlace`). An empty body syncs alone.
struct SyncNowRequest: Decodable {
    var document: Int64
    var word: Int
    var since: Double

    static func place(of request: Request) async throws -> PlayingPlace? {
        var request = request
        let body = try await request.collectBody(upTo: 4_096)
        guard body.readableBytes > 0 else { return nil }
        guard let asked = try? JSONDecoder().decode(Self.self, from: Data(buffer: body)) else {
            throw HTTPError(.badRequest, message: "the body is not a sync request: {\"document\": ID, \"word\": N, \"since\": SECONDS}")
        }
        return PlayingPlace(documentID: asked.document, word: asked.word, since: asked.since)
    }
}

struct SyncNowReply: Encodable {
    var synced: Bool
    var message: String
    var moved: [String: Int]
}

struct ImportURL: Decodable {
    var url: String
    var folder: String?
}

struct PastedText: Decodable {
    var title: String?
    var text: String
    var folder: String?
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}

