// swift-tools-version: 6.0
import PackageDescription

// Module boundaries follow ../shared/DESIGN.md: importers, the library and synthesis depend
// only on SpeakModel; SpeakKit is the facade; the `speak` executable talks to SpeakKit only.
// Every C library sits behind one C target (a system library, or a loader or shim of our own)
// and one thin Swift module.

// Executables are linked by lld with packed relative relocations (DT_RELR, glibc 2.36): the
// loader reads 40 KB of relocations instead of 2 MB at every start (0.5 ms of each command
// and of each helper process).
let fastStart: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])]

let package = Package(
    name: "speak",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "speak", targets: ["speak"]),
        .executable(name: "speak-ocr", targets: ["speak-ocr"]),
        .executable(name: "speak-pdf", targets: ["speak-pdf"]),
        .executable(name: "speak-fetch", targets: ["speak-fetch"]),
        .executable(name: "speak-serve", targets: ["speak-serve"]),
        .executable(name: "speak-sync", targets: ["speak-sync"]),
        .executable(name: "speak-queue", targets: ["speak-queue"]),
        .library(name: "SpeakKit", targets: ["SpeakKit"]),
        // The ZIP reader alone, for scripts/measure-zip against libzip.
        .library(name: "SpeakArchive", targets: ["SpeakArchive"]),
        // The fuzz harnesses, for the libFuzzer driver in Fuzz/ (a package of its own: it needs -sanitize=fuzzer).
        .library(name: "SpeakFuzzing", targets: ["SpeakFuzzing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The web reader (`speak-serve` only): HTTP server, and bcrypt for its password.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // For the fuzz harness of the server only: requests answered without a socket.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // C libraries (headers and link flags through pkg-config; Debian packages via bootstrap).
        // eSpeak NG and pcaudiolib are opened on first use (dlopen), not linked: with the audio
        // libraries they pull in they cost every command 3.5 ms of start-up. Headers from
        // libespeak-ng-dev and libpcaudio-dev.
        .target(name: "CEspeakNG"),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .target(name: "CPCAudio"),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Audiobook encoders: Ogg Opus (libopusenc over libopus) and MP3 (LAME).
        .systemLibrary(name: "COpusEnc", pkgConfig: "libopusenc", providers: [.apt(["libopusenc-dev"])]),
        .systemLibrary(name: "CLame", providers: [.apt(["libmp3lame-dev"])]),
        // Time-stretching without a pitch change (neural speech faster than its model can say it).
        .systemLibrary(name: "CSonic", providers: [.apt(["libsonic-dev"])]),
        // PostgreSQL's client library, for the sync server's shared database (speak-serve only).
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),

        // The document model: the only contract between importers, library and synthesis.
        .target(name: "SpeakModel"),

        // Importers.
        .target(name: "SpeakImport", dependencies: ["SpeakModel"]),
        .target(name: "SpeakImportText", dependencies: ["SpeakModel", "SpeakImport"]),
        .target(name: "SpeakImportHTML", dependencies: ["SpeakModel", "SpeakImport", "CLibXML2"]),
        // Books: EPUB 2 and 3 (content documents through the HTML importer's block emission).
        // The one ZIP reader (and the small XML tree) for books and office documents.
        .target(name: "SpeakArchive", dependencies: ["SpeakImport", "CLibXML2", "CZlib"]),
        .target(name: "SpeakImportEPUB", dependencies: ["SpeakModel", "SpeakImport", "SpeakImportHTML", "SpeakArchive"]),
        // Word (DOCX) and LibreOffice (ODT) documents.
        .target(name: "SpeakImportOffice", dependencies: ["SpeakModel", "SpeakImport", "SpeakArchive"]),
        // PDF: the importer runs `speak-pdf` helpers, the only binary that links poppler.
        .target(name: "SpeakImportPDF", dependencies: ["SpeakModel", "SpeakImport", "SpeakImportOCR"]),
        // poppler's core C++ API (Debian's libpoppler-private-dev) through a thin C shim: text
        // in content-stream order (TextOutputDev, which poppler-glib does not expose), the
        // outline, and pages rendered by Splash. Nothing else is linked: poppler-glib and cairo
        // cost every helper 5 ms of start-up, a fifth of reading a short paper.
        .target(name: "CPopplerText", cxxSettings: [.unsafeFlags(["-I/usr/include/poppler"])],
                linkerSettings: [.linkedLibrary("poppler")]),
        .target(name: "SpeakPoppler", dependencies: ["SpeakImportPDF", "CPopplerText"]),
        .executableTarget(name: "speak-pdf", dependencies: ["SpeakImport", "SpeakImportPDF", "SpeakPoppler"],
                         linkerSettings: fastStart),
        // URL import: FoundationNetworking (libcurl and ~35 libraries) only in this helper.
        .executableTarget(name: "speak-fetch", dependencies: ["SpeakImport"], linkerSettings: fastStart),
        // OCR: the importer runs `speak-ocr` helpers (one per core), the only binary that links
        // Tesseract and Leptonica, so no other command pays for loading them.
        .target(name: "SpeakImportOCR", dependencies: ["SpeakModel", "SpeakImport"]),
        .target(name: "SpeakTesseract", dependencies: ["SpeakImportOCR", "CTesseract", "CLeptonica"]),
        .executableTarget(name: "speak-ocr", dependencies: ["SpeakImport", "SpeakImportOCR", "SpeakTesseract"],
                         linkerSettings: fastStart),

        // Library store.
        .target(name: "SpeakLibrary", dependencies: ["SpeakModel", .product(name: "GRDB", package: "GRDB.swift")]),

        // Synthesis: engine-agnostic scheduling and timelines; the eSpeak-NG engine; sinks.
        // The spoken-text layer: what the engine is given for a block (normalization rules per
        // language, skip rules, the user's lexicon), mapped back to the document's words.
        // CLD2 (language identification) is opened on first use by a small C++ loader.
        .target(name: "CCLD2"),
        .target(name: "SpeakSpeech", dependencies: ["SpeakModel", "CCLD2"]),
        .target(name: "SpeakSynthesis", dependencies: ["SpeakModel", "SpeakSpeech"]),
        .target(name: "SpeakESpeak", dependencies: ["SpeakModel", "SpeakSynthesis", "CEspeakNG"]),
        .target(name: "SpeakAudio", dependencies: ["SpeakModel", "SpeakSynthesis", "CPCAudio", "COpusEnc", "CLame"]),
        // Neural voices: Piper models on ONNX Runtime (its C API, opened at run time), fed by
        // eSpeak-NG's IPA phonemes.
        .target(name: "CONNXRuntime"),
        .target(name: "SpeakNeural", dependencies: ["SpeakSynthesis", "SpeakESpeak", "CONNXRuntime", "CSonic"]),

        // The command lines' progress bar and password prompt.
        .target(name: "SpeakTerminal", dependencies: ["SpeakModel"]),

        // Facade and command line.
        // Linking poppler and tesseract costs every command ~30 ms of process start (about 120
        // shared libraries), so they stay in helper executables: see the closing note of issue 2.
        // The player: plays a document on a sink, with skips, speed, jumps, sleep timer and saved positions.
        .target(name: "SpeakPlayer", dependencies: ["SpeakModel", "SpeakSynthesis", "SpeakAudio"]),
        // MPRIS: the player on the session D-Bus for media keys and media widgets, over sd-bus
        // (libsystemd.so.0, opened only when a session bus exists).
        .target(name: "CSDBus"),
        .target(name: "SpeakMPRIS", dependencies: ["CSDBus"]),
        // The background player: one per library, reached from any terminal (speak status, stop).
        .target(name: "SpeakBackground", dependencies: ["SpeakModel"]),
        // Translation of documents block for block by Apertium's programs (Debian packages).
        .target(name: "SpeakTranslate", dependencies: ["SpeakModel"]),
        // Conversion past one process: slices and segments spoken by worker processes, the
        // segment cache, and the engine helper that isolates eSpeak-NG's crashes.
        .target(name: "SpeakConversion", dependencies: ["SpeakModel", "SpeakImport", "SpeakSynthesis", "SpeakESpeak", "SpeakNeural", "SpeakAudio", "SpeakSpeech"]),
        // The way in for every input: what an argument names, reading it, and picking the importer.
        .target(name: "SpeakIntake", dependencies: [
            "SpeakModel", "SpeakImport", "SpeakArchive", "SpeakImportText", "SpeakImportHTML", "SpeakImportEPUB", "SpeakImportOffice", "SpeakImportOCR",
            "SpeakImportPDF", "SpeakESpeak", "SpeakSpeech",
        ]),
        .target(name: "SpeakKit", dependencies: [
            "SpeakConversion", "SpeakPlayer", "SpeakModel", "SpeakIntake", "SpeakImport", "SpeakArchive", "SpeakImportText", "SpeakImportHTML", "SpeakImportEPUB", "SpeakImportOffice", "SpeakImportOCR", "SpeakImportPDF", "SpeakLibrary", "SpeakSynthesis",
            "SpeakESpeak", "SpeakAudio", "SpeakSpeech", "SpeakNeural", "SpeakSync", "SpeakMPRIS", "SpeakBackground", "SpeakTranslate", "SpeakBatch",
        ]),
        // One PostgreSQL connection over libpq: the account store's and the job queue's.
        .target(name: "SpeakPostgres", dependencies: ["CPostgres"]),
        // Batch conversion past one machine: shards of a batch and the records of what was written.
        .target(name: "SpeakBatch", dependencies: ["SpeakModel"]),
        // The conversion queue on PostgreSQL; `speak queue` and `speak worker` hand over to
        // `speak-queue`, the only binary of the command line that links libpq.
        .target(name: "SpeakQueue", dependencies: ["SpeakModel", "SpeakPostgres"]),
        .executableTarget(name: "speak-queue", dependencies: [
            "SpeakQueue", "SpeakBatch", "SpeakModel", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: fastStart),
        // Accounts and sync: which position holds when devices disagree, the server's store
        // of users and their changes, and the client the command line syncs with.
        .target(name: "SpeakSync", dependencies: ["SpeakModel", "SpeakLibrary", .product(name: "GRDB", package: "GRDB.swift")]),
        // The account store on PostgreSQL (libpq), for several servers on one database.
        .target(name: "SpeakSyncPostgres", dependencies: ["SpeakSync", "SpeakLibrary", "SpeakPostgres"]),
        // The web reader: `speak serve` hands over to `speak-serve`, the only binary with SwiftNIO.
        .target(name: "SpeakServer", dependencies: [
            "SpeakKit", "SpeakSync", "SpeakSyncPostgres", .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        .executableTarget(name: "speak-serve", dependencies: [
            "SpeakServer", "SpeakKit", "SpeakTerminal", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: fastStart),
        // `speak account` and `speak sync` hand over to `speak-sync`, which links FoundationNetworking.
        .executableTarget(name: "speak-sync", dependencies: [
            "SpeakKit", "SpeakTerminal", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: fastStart),
        .executableTarget(name: "speak", dependencies: [
            "SpeakKit", "SpeakTerminal", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: fastStart),

        // Tests.
        // One libFuzzer harness per parser (make fuzz); the regression inputs replay in make test.
        .target(name: "SpeakFuzzing", dependencies: [
            "SpeakImport", "SpeakImportText", "SpeakImportHTML", "SpeakImportEPUB", "SpeakImportOffice", "SpeakImportPDF",
            "SpeakPoppler", "SpeakImportOCR", "SpeakTesseract", "SpeakConversion", "SpeakKit", "SpeakLibrary", "SpeakNeural",
            "SpeakQueue", "SpeakServer", "SpeakSync", "SpeakSpeech", "SpeakSynthesis", .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["SpeakFuzzing", "SpeakQueue"], exclude: ["Inputs"]),
        .testTarget(name: "SpeakModelTests", dependencies: ["SpeakModel"]),
        .testTarget(name: "SpeakSpeechTests", dependencies: ["SpeakModel", "SpeakSpeech"]),
        .testTarget(name: "SpeakImportTests", dependencies: [
            "SpeakModel", "SpeakImport", "SpeakImportText", "SpeakImportHTML", "SpeakImportEPUB", "SpeakImportOffice", "SpeakArchive", "CZlib", "SpeakImportOCR", "SpeakImportPDF",
        ],
                    exclude: ["Golden"]),
        .testTarget(name: "SpeakLibraryTests", dependencies: ["SpeakModel", "SpeakLibrary"]),
        .testTarget(name: "SpeakSyncTests", dependencies: ["SpeakSync", "SpeakSyncPostgres", "SpeakLibrary", "SpeakQueue"]),
        .testTarget(name: "NativeLibraryTests", dependencies: [
            "SpeakESpeak", "SpeakImportHTML", "SpeakPoppler", "SpeakTesseract",
        ]),
        .testTarget(name: "SpeakSynthesisTests", dependencies: ["SpeakModel", "SpeakSpeech", "SpeakSynthesis", "SpeakESpeak", "SpeakAudio", "SpeakNeural"]),
        .testTarget(name: "SpeakKitTests", dependencies: ["SpeakKit", "SpeakConversion", "SpeakPlayer", "SpeakAudio", "SpeakSynthesis", "SpeakModel"]),
        .testTarget(name: "CLITests", dependencies: ["SpeakModel", "speak", "speak-ocr", "speak-pdf", "speak-fetch", "speak-sync", "speak-queue"], exclude: ["Fixtures"]),
    ],
    cxxLanguageStandard: .cxx17
)
