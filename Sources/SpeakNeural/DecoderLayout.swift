/// Lays a Piper (VITS) model's decoder out for ONNX Runtime's blocked convolution kernels.
///
/// The decoder (HiFi-GAN: the nodes named `/dec/…`) turns frames into samples and does most of
/// the work. Its convolutions are one-dimensional, and ONNX Runtime runs those through a general
/// matrix product; two-dimensional ones it runs with kernels made for the CPU's vector width
/// (NCHWc). So the decoder's input gets a unit axis, each convolution becomes a 1×k one with the
/// same weights, and the output loses the axis again: the same sums, the same audio (measured
/// 11 % less time per core on the voice joe, one thread per process).
enum DecoderLayout {
    /// The graph with its decoder laid out; nil when it has no decoder of the known shape (one
    /// input, one output; convolutions, their weights, and pointwise operations with scalars).
    static func rewritten(graph: ArraySlice<UInt8>, opset: Int64) -> [UInt8]? {
        guard let parsed = GraphFields(graph) else { return nil }
        let fields = parsed.fields, nodes = parsed.nodes, tensors = parsed.tensors
        let graphInputs = Set(parsed.inputs.keys), graphOutputs = Set(parsed.outputs.keys)
        let decoder = nodes.keys.filter { nodes[$0]?.name.hasPrefix("/dec/") == true }.sorted()
        guard !decoder.isEmpty else { return nil }
        let inDecoder = Set(decoder)
        let produced = Set(decoder.flatMap { nodes[$0]?.outputs ?? [] })
        var entry: String?
        var weights: Set<String> = []
        for index in decoder {
            guard let node = nodes[index] else { return nil }
            let convolution = node.opType == "Conv" || node.opType == "ConvTranspose"
            guard convolution || pointwise.contains(node.opType) else { return nil }
            if convolution {
                guard node.inputs.count >= 2, tensors[node.inputs[1]]?.dims.count == 3, weights.insert(node.inputs[1]).inserted else { return nil }
            }
            for (position, input) in node.inputs.enumerated() where !input.isEmpty && !produced.contains(input) {
                if let tensor = tensors[input] {
                    // A bias has one axis either way; anything else in a sum must be a scalar,
                    // which broadcasts against three axes and four alike.
                    let fits = convolution ? position >= 1 : tensor.dims.reduce(1, *) <= 1
                    guard fits else { return nil }
                } else {
                    guard entry == nil || entry == input, !convolution || position == 0 else { return nil }
                    entry = input
                }
            }
        }
        // Models of IR version 3 and before declare their weights as graph inputs too, with the old shape.
        guard weights.isDisjoint(with: graphInputs) else { return nil }
        var exits = graphOutputs.intersection(produced)
        for (index, node) in nodes where !inDecoder.contains(index) {
            exits.formUnion(node.inputs.filter(produced.contains))
            // A weight shared with a node outside the decoder keeps its shape there.
            guard weights.isDisjoint(with: node.inputs) else { return nil }
        }
        guard let entry, exits.count == 1, let exit = exits.first,
              let firstUse = decoder.first(where: { nodes[$0]?.inputs.contains(entry) == true }),
              let exitProducer = decoder.first(where: { nodes[$0]?.outputs.contains(exit) == true })
        else { return nil }

        let weightFields = Set(weights.compactMap { tensors[$0]?.index })
        let planar = { (name: String) in produced.contains(name) || name == entry ? name + suffix : name }
        let axisInput = opset >= 13
        let axisAttribute = GraphNode.ints("axes", [2])
        let unsqueeze = GraphNode(inputs: [entry] + (axisInput ? [axis] : []), outputs: [planar(entry)], name: "/speak/planar/Unsqueeze",
                                  opType: "Unsqueeze", attributes: axisInput ? [] : [axisAttribute])
        let squeeze = GraphNode(inputs: [planar(exit)] + (axisInput ? [axis] : []), outputs: [exit], name: "/speak/planar/Squeeze",
                                opType: "Squeeze", attributes: axisInput ? [] : [axisAttribute])
        var out: [UInt8] = []
        out.reserveCapacity(graph.count + 4096)
        for (index, field) in fields.enumerated() {
            if var node = nodes[index], inDecoder.contains(index) {
                if index == firstUse { out += Protobuf.field(1, unsqueeze.encoded()) }
                node.inputs = node.inputs.map(planar)
                node.outputs = node.outputs.map(planar)
                if node.opType == "Conv" || node.opType == "ConvTranspose" {
                    guard let attributes = planarAttributes(node.attributes, kernel: tensors[node.inputs[1]]?.dims.last) else { return nil }
                    node.attributes = attributes
                }
                out += Protobuf.field(1, node.encoded())
                if index == exitProducer { out += Protobuf.field(1, squeeze.encoded()) }
            } else if weightFields.contains(index), let tensor = field.payload.flatMap(GraphTensor.init) {
                let dims = tensor.dims
                out += Protobuf.field(5, tensor.encoded(dims: [dims[0], dims[1], 1, dims[2]]))
            } else if field.number == 13, let name = field.payload.flatMap({ Protobuf.string(in: $0, 1) }), produced.contains(name), name != exit {
                continue  // the shape of a tensor that now has another name and one more axis
            } else {
                out += field.raw
            }
        }
        if axisInput {
            // TensorProto { dims = [1]; data_type = INT64 (7); name; raw_data = 2 as 8 bytes }
            let two: [UInt8] = [2, 0, 0, 0, 0, 0, 0, 0]
            out += Protobuf.field(5, Protobuf.field(1, integer: 1) + Protobuf.field(2, integer: 7) + Protobuf.field(8, Array(axis.utf8)) + Protobuf.field(9, two))
        }
        return out
    }

    static let suffix = "/speak-planar"
    static let axis = "/speak/planar/axis"
    static let pointwise: Set<String> = ["Add", "Sub", "Mul", "Div", "LeakyRelu", "Relu", "Tanh"]

    /// A 1-D convolution's attributes for the same convolution over a unit first axis.
    static func planarAttributes(_ attributes: [[UInt8]], kernel: Int64?) -> [[UInt8]]? {
        var out: [[UInt8]] = []
        var sawKernel = false
        for attribute in attributes {
            guard let fields = Protobuf.fields(attribute[...]) else { return nil }
            let name = Protobuf.string(fields, 1) ?? ""
            let values = fields.filter { $0.number == 8 }.compactMap(Protobuf.integers).flatMap { $0 }
            switch name {
            case "kernel_shape", "strides", "dilations":
                guard values.count == 1 else { return nil }
                sawKernel = sawKernel || name == "kernel_shape"
                out.append(GraphNode.ints(name, [1] + values))
            case "output_padding":
                guard values.count == 1 else { return nil }
                out.append(GraphNode.ints(name, [0] + values))
            case "pads":
                guard values.count == 2 else { return nil }
                out.append(GraphNode.ints(name, [0, values[0], 0, values[1]]))
            case "output_shape": return nil
            default: out.append(attribute)
            }
        }
        if !sawKernel {
            guard let kernel else { return nil }
            out.append(GraphNode.ints("kernel_shape", [1, kernel]))
        }
        return out
    }
}
