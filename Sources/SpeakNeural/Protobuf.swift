/// The few pieces of the protobuf wire format that editing an ONNX model needs: ONNX files are
/// protobuf messages, and speak changes a voice's graph without a protobuf library.
enum Protobuf {
    /// One field as read: its number, wire type, the whole field's bytes and, when it is
    /// length-delimited, its payload.
    typealias Field = (number: UInt64, wire: UInt64, raw: ArraySlice<UInt8>, payload: ArraySlice<UInt8>?)

    static func key(_ number: UInt64, _ wire: UInt64) -> [UInt8] { varint(number << 3 | wire) }

    static func varint(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        repeat {
            var byte = UInt8(v & 0x7F)
            v >>= 7
            if v != 0 { byte |= 0x80 }
            out.append(byte)
        } while v != 0
        return out
    }

    /// A length-delimited field: a string, bytes or a message.
    static func field(_ number: UInt64, _ payload: some Collection<UInt8>) -> [UInt8] {
        key(number, 2) + varint(UInt64(payload.count)) + payload
    }

    /// A varint field (an integer or an enum).
    static func field(_ number: UInt64, integer: Int64) -> [UInt8] {
        key(number, 0) + varint(UInt64(bitPattern: integer))
    }

    /// Every field of `bytes`; nil when they are not a protobuf message.
    static func fields(_ bytes: ArraySlice<UInt8>) -> [Field]? {
        var reader = Reader(bytes: bytes)
        var fields: [Field] = []
        while !reader.atEnd {
            guard let field = reader.field() else { return nil }
            fields.append(field)
        }
        return fields
    }

    /// The text of the first field numbered `number` (a string field).
    static func string(_ fields: [Field], _ number: UInt64) -> String? {
        fields.first { $0.number == number }?.payload.map(text)
    }

    /// The text of the first field numbered `number` of the message `bytes`.
    static func string(in bytes: ArraySlice<UInt8>, _ number: UInt64) -> String? {
        fields(bytes).flatMap { string($0, number) }
    }

    /// A string field's payload as text.
    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The integers of a repeated integer field, packed or one per field.
    static func integers(_ field: Field) -> [Int64]? {
        var reader = Reader(bytes: field.raw)
        guard reader.varint() != nil else { return nil }
        if field.wire == 0 {
            guard let value = reader.varint() else { return nil }
            return [Int64(bitPattern: value)]
        }
        guard field.wire == 2, let payload = field.payload else { return nil }
        reader = Reader(bytes: payload)
        var values: [Int64] = []
        while !reader.atEnd {
            guard let value = reader.varint() else { return nil }
            values.append(Int64(bitPattern: value))
        }
        return values
    }

    /// Reads protobuf fields one after another.
    struct Reader {
        var bytes: ArraySlice<UInt8>
        let source: ArraySlice<UInt8>
        var atEnd: Bool { bytes.isEmpty }

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            source = bytes
        }

        mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while let byte = bytes.first, shift < 64 {
                bytes = bytes.dropFirst()
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }

        mutating func field() -> Field? {
            let start = bytes.startIndex
            guard let tag = varint() else { return nil }
            let wire = tag & 7
            var payload: ArraySlice<UInt8>?
            switch wire {
            case 0: guard varint() != nil else { return nil }
            case 1: guard bytes.count >= 8 else { return nil }; bytes = bytes.dropFirst(8)
            case 5: guard bytes.count >= 4 else { return nil }; bytes = bytes.dropFirst(4)
            case 2:
                guard let length = varint(), length <= UInt64(bytes.count) else { return nil }
                payload = bytes.prefix(Int(length))
                bytes = bytes.dropFirst(Int(length))
            default: return nil
            }
            return (tag >> 3, wire, source[start..<bytes.startIndex], payload)
        }
    }
}
