/// A `GraphProto` as the rewrites of a voice's graph read it (`DecoderLayout`, `DecoderSplit`):
/// its fields in order, and the nodes, weights and outputs among them by field index.
struct GraphFields {
    let fields: [Protobuf.Field]
    private(set) var nodes: [Int: GraphNode] = [:]
    /// Initializers (weights and constants): field index and shape, by name.
    private(set) var tensors: [String: (index: Int, dims: [Int64])] = [:]
    private(set) var inputs: [String: Int] = [:]
    private(set) var outputs: [String: Int] = [:]

    /// Nil when the graph, a node or an initializer is not readable protobuf.
    init?(_ graph: ArraySlice<UInt8>) {
        guard let fields = Protobuf.fields(graph) else { return nil }
        self.fields = fields
        for (index, field) in fields.enumerated() {
            guard let payload = field.payload else { continue }
            switch field.number {
            case 1: guard let node = GraphNode(payload) else { return nil }; nodes[index] = node
            case 5: guard let tensor = GraphTensor(payload) else { return nil }; tensors[tensor.name] = (index, tensor.dims)
            case 11: inputs[Protobuf.string(in: payload, 1) ?? ""] = index
            case 12: outputs[Protobuf.string(in: payload, 1) ?? ""] = index
            default: break
            }
        }
    }
}

/// A `NodeProto`: the fields the rewrites read or write; the others are kept as they were.
struct GraphNode {
    var inputs: [String]
    var outputs: [String]
    var name: String
    var opType: String
    var attributes: [[UInt8]]
    var rest: [ArraySlice<UInt8>] = []

    init(inputs: [String], outputs: [String], name: String, opType: String, attributes: [[UInt8]]) {
        self.inputs = inputs
        self.outputs = outputs
        self.name = name
        self.opType = opType
        self.attributes = attributes
    }

    init?(_ payload: ArraySlice<UInt8>) {
        guard let fields = Protobuf.fields(payload) else { return nil }
        self.init(inputs: [], outputs: [], name: "", opType: "", attributes: [])
        for field in fields {
            let text = field.payload.map(Protobuf.text)
            switch (field.number, text) {
            case (1, let text?): inputs.append(text)
            case (2, let text?): outputs.append(text)
            case (3, let text?): name = text
            case (4, let text?): opType = text
            case (5, _): if let payload = field.payload { attributes.append(Array(payload)) }
            default: rest.append(field.raw)
            }
        }
    }

    /// An `AttributeProto` of type INTS (7).
    static func ints(_ name: String, _ values: [Int64]) -> [UInt8] {
        Protobuf.field(1, Array(name.utf8)) + values.flatMap { Protobuf.field(8, integer: $0) } + Protobuf.field(20, integer: 7)
    }

    func encoded() -> [UInt8] {
        var out = inputs.flatMap { Protobuf.field(1, Array($0.utf8)) } + outputs.flatMap { Protobuf.field(2, Array($0.utf8)) }
        if !name.isEmpty { out += Protobuf.field(3, Array(name.utf8)) }
        out += Protobuf.field(4, Array(opType.utf8))
        out += attributes.flatMap { Protobuf.field(5, $0) }
        return out + rest.flatMap { $0 }
    }
}

/// A `TensorProto`'s name and shape; the rest (type, data) is kept as it was.
struct GraphTensor {
    var name = ""
    var dims: [Int64] = []
    var rest: [ArraySlice<UInt8>] = []

    init?(_ payload: ArraySlice<UInt8>) {
        guard let fields = Protobuf.fields(payload) else { return nil }
        for field in fields {
            if field.number == 1 {
                guard let values = Protobuf.integers(field) else { return nil }
                dims += values
            } else {
                if field.number == 8, let text = field.payload { name = Protobuf.text(text) }
                rest.append(field.raw)
            }
        }
    }

    func encoded(dims: [Int64]) -> [UInt8] {
        dims.flatMap { Protobuf.field(1, integer: $0) } + rest.flatMap { $0 }
    }
}
