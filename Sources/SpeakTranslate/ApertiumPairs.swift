import Foundation

/// An installed Apertium translation direction, such as eng→spa.
public struct ApertiumPair: Sendable, Equatable, Codable {
    /// The mode's name, e.g. "eng-spa" (or "en-gl" for pairs named with two-letter codes).
    public var name: String
    /// ISO 639-3 codes of the two languages.
    public var source: String
    public var target: String
    /// The mode file that lists the pipeline's programs.
    public var modeFile: String
}

/// What Apertium is installed here: its pairs (from the mode files of its data directory)
/// and its version.
public struct ApertiumInstallation: Sendable {
    /// Where Debian's language pairs put their modes.
    public static let defaultModes = "/usr/share/apertium/modes"

    public let modesDirectory: String
    public let pairs: [ApertiumPair]

    /// `$SPEAK_APERTIUM_MODES` overrides the modes directory (tests use a pair of their own).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let directory = environment["SPEAK_APERTIUM_MODES"] ?? Self.defaultModes
        modesDirectory = directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        pairs = names.sorted().compactMap { file -> ApertiumPair? in
            guard file.hasSuffix(".mode") else { return nil }
            let name = String(file.dropLast(5))
            // Variants (eng-cat_valencia, spa-eng_US) and debugging modes stay out of the list.
            let parts = name.split(separator: "-")
            guard parts.count == 2, !name.contains("_"),
                  let source = LanguageCodes.iso3(String(parts[0])), let target = LanguageCodes.iso3(String(parts[1])) else { return nil }
            return ApertiumPair(name: name, source: source, target: target, modeFile: directory + "/" + file)
        }
    }

    /// Whether Apertium's programs are here at all.
    public var programsInstalled: Bool {
        Self.which("apertium-wblank-mode") != nil
    }

    /// The pair translating `source` into `target` (any code form), if installed.
    public func pair(from source: String, to target: String) -> ApertiumPair? {
        guard let from = LanguageCodes.iso3(source), let to = LanguageCodes.iso3(target) else { return nil }
        return pairs.first { $0.source == from && $0.target == to }
    }

    /// Apertium's version, e.g. "3.8.3" (nil when it cannot be asked).
    public var version: String? {
        guard let program = Self.which("apertium") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-V"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.first?.isNumber == true }.map(String.init)
    }

    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Two- and three-letter language codes (ISO 639-1 and 639-3) for the languages Apertium
/// and eSpeak-NG share; Apertium's pairs use either.
public enum LanguageCodes {
    static let pairs: [(String, String)] = [
        ("en", "eng"), ("es", "spa"), ("ca", "cat"), ("gl", "glg"), ("fr", "fra"), ("pt", "por"), ("it", "ita"),
        ("de", "deu"), ("eo", "epo"), ("oc", "oci"), ("ro", "ron"), ("nl", "nld"), ("sv", "swe"), ("da", "dan"),
        ("nb", "nob"), ("nn", "nno"), ("is", "isl"), ("eu", "eus"), ("mk", "mkd"), ("sh", "hbs"), ("cy", "cym"),
        ("br", "bre"), ("ga", "gle"), ("an", "arg"), ("ast", "ast"), ("af", "afr"), ("bg", "bul"), ("kk", "kaz"),
        ("tt", "tat"), ("ru", "rus"), ("uk", "ukr"), ("be", "bel"), ("pl", "pol"), ("cs", "ces"), ("sk", "slk"),
        ("sl", "slv"), ("hr", "hrv"), ("sr", "srp"), ("bs", "bos"), ("mt", "mlt"), ("ar", "ara"), ("he", "heb"),
        ("id", "ind"), ("ms", "msa"), ("sc", "srd"), ("fo", "fao"), ("se", "sme"), ("fi", "fin"), ("et", "est"),
        ("hi", "hin"), ("ur", "urd"), ("tr", "tur"), ("az", "aze"), ("ky", "kir"), ("uz", "uzb"), ("lv", "lav"),
        ("lt", "lit"), ("el", "ell"), ("hy", "hye"), ("ka", "kat"), ("sq", "sqi"), ("co", "cos"), ("fy", "fry"),
        ("lb", "ltz"), ("gd", "gla"), ("kv", "kpv"), ("cv", "chv"), ("ba", "bak"),
    ]

    /// The ISO 639-3 code of a code such as "es", "spa" or "es-MX"; nil when unknown.
    public static func iso3(_ code: String) -> String? {
        let base = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        if let pair = pairs.first(where: { $0.0 == base || $0.1 == base }) { return pair.1 }
        return nil
    }

    /// The two-letter code when there is one (what eSpeak-NG's voices and documents use).
    public static func iso1(_ code: String) -> String? {
        guard let three = iso3(code) else { return nil }
        return pairs.first { $0.1 == three }?.0
    }
}

extension ApertiumInstallation {
    /// The Debian package that would bring the pair source→target (either order of the
    /// codes), when the package index has one.
    public func debianPackage(from source: String, to target: String) -> String? {
        guard let from = LanguageCodes.iso3(source), let to = LanguageCodes.iso3(target),
              let program = Self.which("apt-cache") else { return nil }
        let short = [LanguageCodes.iso1(from), LanguageCodes.iso1(to)]
        var names = ["apertium-\(from)-\(to)", "apertium-\(to)-\(from)"]
        if let a = short[0], let b = short[1] { names += ["apertium-\(a)-\(b)", "apertium-\(b)-\(a)"] }
        for name in names {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = ["show", "--no-all-versions", name]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            if process.terminationStatus == 0 { return name }
        }
        return nil
    }
}
