import Foundation
@testable import SpeakArchive
import SpeakImport
@testable import SpeakImportText
import SpeakModel
import Testing

/// gzip files are unpacked for the importers, and a man page's source is told from text.
@Suite struct CompressedSourceTests {
    /// "The lamp." compressed by `gzip -n` (no name, no time).
    static let lamp = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x0B, 0xC9, 0x48, 0x55, 0xC8, 0x49, 0xCC,
                            0x2D, 0xD0, 0xE3, 0x02, 0x00, 0xDB, 0xCC, 0x73, 0x4E, 0x0A, 0x00, 0x00, 0x00])

    @Test func aGzipFileUnpacksToWhatItHoldsUnderItsInnerName() throws {
        #expect(GzipFile.isCompressed(Self.lamp) && !GzipFile.isCompressed(Data("The lamp.\n".utf8)))
        let unpacked = try GzipFile.unpacked(ImportSource(name: "/doc/keeper/NEWS.md.gz", data: Self.lamp))
        #expect(unpacked.data == Data("The lamp.\n".utf8))
        #expect(unpacked.name == "/doc/keeper/NEWS.md.gz" && unpacked.innerName == "NEWS.md")
        #expect(unpacked.fileExtension == "md" && unpacked.stem == "NEWS")
        // Members one after another (pigz, bgzip, `cat a.gz b.gz`) are one file.
        let twice = try GzipFile.unpacked(ImportSource(name: "two.gz", data: Self.lamp + Self.lamp))
        #expect(twice.data == Data("The lamp.\nThe lamp.\n".utf8))
    }

    @Test func aDamagedOrTooLargeGzipFileIsRefused() {
        let cut = ImportSource(name: "cut.gz", data: Self.lamp.prefix(20))
        #expect(throws: ImportError.damaged("cut.gz", reason: "the gzip file is damaged or cut short; check it with 'gzip -t'")) {
            try GzipFile.unpacked(cut)
        }
        // A wrong checksum in the trailer is damage too.
        var wrong = Self.lamp
        wrong[wrong.count - 8] ^= 0xFF
        #expect(throws: ImportError.self) { try GzipFile.unpacked(ImportSource(name: "wrong.gz", data: wrong)) }
        #expect(throws: ImportError.damaged("big.gz", reason: "it unpacks to more than 0 MB; unpack it yourself if that is right")) {
            try GzipFile.unpacked(ImportSource(name: "big.gz", data: Self.lamp), limit: 4)
        }
    }

    @Test func aManPagesSourceIsToldFromText() {
        #expect(RoffImporter.isManSource(Data(".TH LS 1\n.SH NAME\nls \\- list\n".utf8)))
        #expect(RoffImporter.isManSource(Data(".\\\" comment\n'\\\" t\n.Dd March 2026\n.Dt SSH 1\n".utf8)))
        #expect(RoffImporter.isManSource(Data("'\\\" t\n.TH TAR 1\n".utf8)))
        #expect(!RoffImporter.isManSource(Data("The lamp.\n.TH is a roff request.\n".utf8)))
        #expect(!RoffImporter.isManSource(Data(".. A reStructuredText comment\nThe lamp.\n.TH\n".utf8)))
        #expect(!RoffImporter.isManSource(Data(". a dot\n".utf8)))
    }

    @Test func aPageThatNeverEndsIsGivenUpOn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("speak-roff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let man = dir.appendingPathComponent("man").path
        try Data("#!/bin/sh\nsleep 30\n".utf8).write(to: URL(fileURLWithPath: man))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: man)
        let started = Date()
        #expect(throws: ImportError.damaged("ls.1", reason: "man did not finish setting this page within 1 s; check it with 'man -l ls.1'")) {
            try RoffImporter(program: man, limit: 1).importDocument(ImportSource(name: "ls.1", data: Data(".TH LS 1\n".utf8)), options: ImportOptions()) { _ in }
        }
        #expect(Date().timeIntervalSince(started) < 25)
    }

    @Test func withoutManAPageSaysWhatToInstall() {
        let importer = RoffImporter(program: "/nonexistent/man")
        #expect(throws: ImportError.unreadable("ls.1", reason: "a man page is set by the man program; install it with 'apt-get install man-db'")) {
            try importer.importDocument(ImportSource(name: "ls.1", data: Data(".TH LS 1\n".utf8)), options: ImportOptions()) { _ in }
        }
    }
}
