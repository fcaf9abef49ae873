import Foundation

/// Makes the copy of a Piper (VITS) model that speak runs, once per voice:
/// - the model reports its phoneme durations: the duration predictor's rounded output (the
///   graph's only `Ceil` node) becomes a second graph output;
/// - it is cut in two at the decoder's input (`DecoderSplit`), so the decoder can run a window
///   of frames at a time;
/// - its decoder's convolutions are laid out for ONNX Runtime's faster kernels (`DecoderLayout`).
/// None changes what the model computes, so the audio is the same. The ONNX file is a
/// protobuf `ModelProto`; its `graph` is field 7.
public enum PiperModelPatch {
    /// The models made of a voice's: `front` turns phoneme ids into frames (output
    /// `DecoderSplit.frames`) and `decoder` frames into samples; when the decoder could not be
    /// cut out, `front` is the whole model (output `output`) and `decoder` is nil.
    public struct Parts: Sendable {
        public let front: Data
        public let decoder: Data?
    }

    /// Why a file is not a model that can be patched.
    public enum Failure: Error, Equatable {
        case notProtobuf
        case noGraph
        case noDurationNode
    }

    /// The patched model's parts.
    public static func patched(_ model: Data) throws(Failure) -> Parts {
        let bytes = [UInt8](model)
        guard let fields = Protobuf.fields(bytes[...]) else { throw .notProtobuf }
        guard let graphField = fields.firstIndex(where: { $0.number == 7 && $0.wire == 2 }), let graph = fields[graphField].payload else {
            throw .noGraph
        }
        let timed = try withDurations(graph)
        let opset = opset(fields)
        let model = { (graph: [UInt8]) -> Data in
            var out = [UInt8]()
            out.reserveCapacity(graph.count + 4096)
            for (i, field) in fields.enumerated() {
                out += i == graphField ? Protobuf.field(7, graph) : Array(field.raw)
            }
            return Data(out)
        }
        let laidOut = { (graph: [UInt8]) in DecoderLayout.rewritten(graph: graph[...], opset: opset) ?? graph }
        guard let (front, decoder) = DecoderSplit.split(graph: timed[...]) else { return Parts(front: model(laidOut(timed)), decoder: nil) }
        return Parts(front: model(front), decoder: model(laidOut(decoder)))
    }

    /// The graph with the `Ceil` node's output among its outputs (field 12).
    static func withDurations(_ graph: ArraySlice<UInt8>) throws(Failure) -> [UInt8] {
        guard let fields = Protobuf.fields(graph) else { throw .notProtobuf }
        var ceilOutput: String?
        var outputs: [String] = []
        for field in fields {
            if field.number == 1, let node = field.payload {
                guard let nodeFields = Protobuf.fields(node) else { throw .notProtobuf }
                if Protobuf.string(nodeFields, 4) == "Ceil" {
                    if ceilOutput != nil { throw .noDurationNode }  // more than one: not the VITS graph we know
                    ceilOutput = Protobuf.string(nodeFields, 2)
                }
            } else if field.number == 12, let output = field.payload {
                guard let outputFields = Protobuf.fields(output) else { throw .notProtobuf }
                outputs += Protobuf.string(outputFields, 1).map { [$0] } ?? []
            }
        }
        guard let name = ceilOutput else { throw .noDurationNode }
        if outputs.contains(name) { return Array(graph) }
        // ValueInfoProto { name = 1; type = 2 { tensor_type = 1 { elem_type = 1 (FLOAT) } } }
        let type = Protobuf.field(1, Protobuf.field(1, integer: 1))
        return Array(graph) + Protobuf.field(12, Protobuf.field(1, Array(name.utf8)) + Protobuf.field(2, type))
    }

    /// The version of the default operator set (`opset_import`, field 8), 1 when not named.
    static func opset(_ fields: [Protobuf.Field]) -> Int64 {
        for field in fields where field.number == 8 {
            guard let payload = field.payload, let set = Protobuf.fields(payload) else { continue }
            let domain = Protobuf.string(set, 1) ?? ""
            guard domain.isEmpty || domain == "ai.onnx", let version = set.first(where: { $0.number == 2 }).flatMap(Protobuf.integers)?.first else { continue }
            return version
        }
        return 1
    }
}
