import Foundation

/// Makes a Piper (VITS) model report its phoneme durations: the duration predictor's rounded
/// output (the graph's only `Ceil` node) becomes a second graph output. Only the model's
/// outputs change, so the audio is the same; done once per voice. The ONNX file is a protobuf
/// `ModelProto`; its `graph` (field 7) gets one more `output` (field 12) appended.
public enum PiperModelPatch {
    /// Why a file is not a model that can be patched.
    public enum Failure: Error, Equatable {
        case notProtobuf
        case noGraph
        case noDurationNode
    }

    /// The patched model's bytes; nil when the model already reports durations.
    public static func patched(_ model: Data) throws(Failure) -> Data? {
        let bytes = [UInt8](model)
        var top = Reader(bytes: bytes[...])
        var fields: [(number: UInt64, wire: UInt64, raw: ArraySlice<UInt8>, payload: ArraySlice<UInt8>?)] = []
        while !top.atEnd {
            guard let field = top.field() else { throw .notProtobuf }
            fields.append(field)
        }
        guard let graphField = fields.firstIndex(where: { $0.number == 7 && $0.wire == 2 }), let graph = fields[graphField].payload else {
            throw .noGraph
        }
        // The graph's nodes (field 1) and outputs (field 12).
        var reader = Reader(bytes: graph)
        var ceilOutput: String?
        var outputs: [String] = []
        while !reader.atEnd {
            guard let field = reader.field() else { throw .notProtobuf }
            if field.number == 1, let node = field.payload {
                var n = Reader(bytes: node)
                var opType = "", firstOutput: String?
                while !n.atEnd {
                    guard let f = n.field() else { throw .notProtobuf }
                    if f.number == 4, let p = f.payload { opType = String(decoding: p, as: UTF8.self) }
                    if f.number == 2, firstOutput == nil, let p = f.payload { firstOutput = String(decoding: p, as: UTF8.self) }
                }
                if opType == "Ceil" {
                    if ceilOutput != nil { throw .noDurationNode }  // more than one: not the VITS graph we know
                    ceilOutput = firstOutput
                }
            } else if field.number == 12, let output = field.payload {
                var o = Reader(bytes: output)
                while !o.atEnd {
                    guard let f = o.field() else { throw .notProtobuf }
                    if f.number == 1, let p = f.payload { outputs.append(String(decoding: p, as: UTF8.self)) }
                }
            }
        }
        guard let name = ceilOutput else { throw .noDurationNode }
        if outputs.contains(name) { return nil }
        // ValueInfoProto { name = 1; type = 2 { tensor_type = 1 { elem_type = 1 (FLOAT) } } }
        let tensor = key(1, 0) + varint(1)
        let type = key(1, 2) + varint(UInt64(tensor.count)) + tensor
        let nameBytes = Array(name.utf8)
        let valueInfo = key(1, 2) + varint(UInt64(nameBytes.count)) + nameBytes + key(2, 2) + varint(UInt64(type.count)) + type
        let newGraph = Array(graph) + key(12, 2) + varint(UInt64(valueInfo.count)) + valueInfo
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 64)
        for (i, field) in fields.enumerated() {
            if i == graphField {
                out += key(7, 2) + varint(UInt64(newGraph.count)) + newGraph
            } else {
                out += field.raw
            }
        }
        return Data(out)
    }

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

    /// Reads protobuf fields: number, wire type, the whole field's bytes and a length-delimited payload.
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

        mutating func field() -> (number: UInt64, wire: UInt64, raw: ArraySlice<UInt8>, payload: ArraySlice<UInt8>?)? {
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
