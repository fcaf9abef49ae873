import Foundation

/// Encoding and decoding of `speak-pdf` messages, one per line. Pages, which are most of the
/// traffic, travel as tab-separated fields (coordinates in tenths of a point, lines separated
/// by U+001E): JSON made the helper and the importer spend more time than poppler itself.
/// The document's facts and "done" are short tab-separated lines too (JSON's first use cost
/// each process half a millisecond); failures are JSON objects.
public enum PDFWire {
    private static let fieldSeparator: UInt8 = 0x09
    private static let lineSeparator: UInt8 = 0x1E

    public static func encode(_ message: PDFHelperMessage) -> Data {
        var data: Data
        switch message {
        case .page(let page): data = encode(page)
        case .info(let info): data = encode(info)
        case .outline(let entries): data = encode(entries)
        case .done: data = Data("D".utf8)
        case .failure:
            data = (try? JSONEncoder().encode(message)) ?? Data(#"{"failure":{"_0":{"kind":"engine","message":"unencodable page"}}}"#.utf8)
        }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    public static func decode(_ line: Data) -> PDFHelperMessage? {
        switch line.first {
        case UInt8(ascii: "P"): return decodePage(line).map(PDFHelperMessage.page)
        case UInt8(ascii: "I"): return decodeInfo(line).map(PDFHelperMessage.info)
        case UInt8(ascii: "O"): return decodeOutline(line).map(PDFHelperMessage.outline)
        case UInt8(ascii: "D") where line.count == 1: return .done
        default: return try? JSONDecoder().decode(PDFHelperMessage.self, from: line)
        }
    }

    /// "I", page count, title, author (empty when unknown).
    private static func encode(_ info: PDFInfo) -> Data {
        var out: [UInt8] = [UInt8(ascii: "I"), fieldSeparator]
        append(info.pageCount, to: &out)
        for text in [info.title ?? "", info.author ?? ""] {
            out.append(fieldSeparator)
            append(text, to: &out)
        }
        return Data(out)
    }

    private static func decodeInfo(_ line: Data) -> PDFInfo? {
        let fields = Array(line).split(separator: fieldSeparator, omittingEmptySubsequences: false)
        guard fields.count == 4, let pageCount = int(fields[1]), (0..<(1 << 24)).contains(pageCount) else { return nil }
        let text = { (bytes: ArraySlice<UInt8>) in bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
        return PDFInfo(pageCount: pageCount, title: text(fields[2]), author: text(fields[3]))
    }

    /// "O", then per entry: level, page, top and left in tenths of a point (empty when the
    /// destination has none), title.
    private static func encode(_ entries: [PDFOutlineEntry]) -> Data {
        var out: [UInt8] = [UInt8(ascii: "O")]
        for entry in entries {
            out.append(lineSeparator)
            append(entry.level, to: &out)
            out.append(fieldSeparator)
            append(entry.page, to: &out)
            for value in [entry.top, entry.left] {
                out.append(fieldSeparator)
                if let value { append(tenths(value), to: &out) }
            }
            out.append(fieldSeparator)
            append(entry.title, to: &out)
        }
        return Data(out)
    }

    private static func decodeOutline(_ line: Data) -> [PDFOutlineEntry]? {
        var entries: [PDFOutlineEntry] = []
        for record in Array(line).split(separator: lineSeparator, omittingEmptySubsequences: false).dropFirst() {
            let fields = record.split(separator: fieldSeparator, maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count == 5, let level = int(fields[0]), let page = int(fields[1]) else { return nil }
            let top = int(fields[2]).map { Double($0) / 10 }, left = int(fields[3]).map { Double($0) / 10 }
            entries.append(PDFOutlineEntry(title: String(decoding: fields[4], as: UTF8.self), page: page, top: top, left: left, level: level))
        }
        return entries
    }

    /// "P", index, width, height, label, needs OCR (0/1), then per line: left, top, right, bottom, size,
    /// flags (a digit: 1 bold, 2 turned), text. Written as bytes: a 2,000-page book is 80,000 lines.
    private static func encode(_ page: PDFPage) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(page.lines.reduce(64) { $0 + $1.text.utf8.count + 40 })
        out.append(UInt8(ascii: "P"))
        for value in [page.index, tenths(page.width), tenths(page.height)] {
            out.append(fieldSeparator)
            append(value, to: &out)
        }
        out.append(fieldSeparator)
        append(page.label ?? "", to: &out)
        out.append(fieldSeparator)
        out.append(page.needsOCR ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        for line in page.lines {
            out.append(lineSeparator)
            for value in [tenths(line.left), tenths(line.top), tenths(line.right), tenths(line.bottom), tenths(line.size)] {
                append(value, to: &out)
                out.append(fieldSeparator)
            }
            out.append(UInt8(ascii: "0") + (line.bold ? 1 : 0) + (line.turned ? 2 : 0))
            out.append(fieldSeparator)
            append(line.text, to: &out)
        }
        return Data(out)
    }

    private static func tenths(_ value: Double) -> Int {
        value.isFinite ? Int((value * 10).rounded()) : 0
    }

    private static func append(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out.append(contentsOf: digits.reversed())
    }

    /// Text with tabs, newlines and other controls as spaces (speech ignores them anyway).
    private static func append(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 { out.append(byte < 0x20 ? 0x20 : byte) }
    }

    /// Parses a page line in one pass over its bytes (Data slicing made this the importer's
    /// busiest step on long documents).
    private static func decodePage(_ line: Data) -> PDFPage? {
        line.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> PDFPage? in
            var position = 0
            /// The bytes up to the next tab (or line separator, or end), and the byte that ended them.
            func field() -> (UnsafeRawBufferPointer, UInt8?) {
                let start = position
                while position < bytes.count, bytes[position] != fieldSeparator, bytes[position] != lineSeparator { position += 1 }
                let end = position < bytes.count ? bytes[position] : nil
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                if position < bytes.count { position += 1 }
                return (slice, end)
            }
            /// The rest of a line record: up to the next line separator, tabs included.
            func text() -> UnsafeRawBufferPointer {
                let start = position
                while position < bytes.count, bytes[position] != lineSeparator { position += 1 }
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                if position < bytes.count { position += 1 }
                return slice
            }
            guard field().0.first == UInt8(ascii: "P"), let index = int(field().0), let width = int(field().0),
                  let height = int(field().0), (0..<(1 << 24)).contains(index) else { return nil }
            let label = String(decoding: field().0, as: UTF8.self)
            let (ocrFlag, ended) = field()
            var lines: [PDFLine] = []
            var more = ended == lineSeparator
            while more {
                guard let left = int(field().0), let top = int(field().0), let right = int(field().0),
                      let bottom = int(field().0), let size = int(field().0) else { return nil }
                let flags = (field().0.first ?? UInt8(ascii: "0")) &- UInt8(ascii: "0")
                let textBytes = text()
                more = position <= bytes.count && position > 0 && bytes[position - 1] == lineSeparator
                lines.append(PDFLine(text: String(decoding: textBytes, as: UTF8.self), left: Double(left) / 10, top: Double(top) / 10,
                                     right: Double(right) / 10, bottom: Double(bottom) / 10, size: Double(size) / 10,
                                     bold: flags & 1 != 0, turned: flags & 2 != 0))
            }
            return PDFPage(index: index, width: Double(width) / 10, height: Double(height) / 10, label: label.isEmpty ? nil : label,
                           lines: lines, needsOCR: ocrFlag.first == UInt8(ascii: "1"))
        }
    }

    /// A decimal integer from ASCII bytes; nil when it is not one or does not fit (the fuzzer
    /// found a helper's 70-digit number trapping here).
    private static func int<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        var value = 0
        var negative = false
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: "-"), digits == 0, !negative { negative = true; continue }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - 0x30))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
            digits += 1
        }
        return digits > 0 ? (negative ? -value : value) : nil
    }
}
