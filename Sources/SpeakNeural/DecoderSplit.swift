/// Cuts a Piper (VITS) graph in two at its decoder's input: a front (text encoder, durations,
/// flow) that turns phoneme ids into frames, and the decoder (HiFi-GAN, the `/dec/…` nodes)
/// that turns frames into samples.
///
/// The decoder is convolutions only, so a stretch of frames with enough frames of context on
/// each side decodes to the same samples as the whole run would give there. Decoding a run a
/// window at a time keeps its memory (32 channels of 256 samples a frame in its last layers)
/// to the window's instead of growing with the sentence.
enum DecoderSplit {
    /// The name the frames between the two parts get in both.
    static let frames = "frames"

    /// The two graphs; nil when the decoder is not of the shape known. The back part is the
    /// decoder with what follows it (Piper's export adds an axis to the samples), and copies of
    /// the constants those read; it has one input that is not a weight, and one output, the
    /// graph's. The front keeps every other output (the durations).
    static func split(graph: ArraySlice<UInt8>) -> (front: [UInt8], decoder: [UInt8])? {
        guard let parsed = GraphFields(graph) else { return nil }
        let fields = parsed.fields, nodes = parsed.nodes, outputs = parsed.outputs
        let initializers = parsed.tensors.mapValues(\.index)
        // Nodes come in an order where each follows what it reads: one pass finds all that follow the decoder.
        var back: Set<Int> = [], produced: Set<String> = []
        for index in nodes.keys.sorted() {
            guard let node = nodes[index], node.name.hasPrefix("/dec/") || node.inputs.contains(where: produced.contains) else { continue }
            back.insert(index)
            produced.formUnion(node.outputs)
        }
        guard !back.isEmpty, back.count < nodes.count else { return nil }
        var producer: [String: Int] = [:]
        for (index, node) in nodes where !back.contains(index) {
            for output in node.outputs { producer[output] = index }
        }
        var copied: Set<Int> = [], entries: Set<String> = [], backWeights: Set<Int> = [], frontWeights: Set<Int> = []
        for (index, node) in nodes {
            for input in node.inputs where !input.isEmpty {
                if !back.contains(index) {
                    if let weight = initializers[input] { frontWeights.insert(weight) }
                } else if let weight = initializers[input] {
                    backWeights.insert(weight)
                } else if let source = producer[input], let constant = nodes[source], constant.opType == "Constant", constant.inputs.isEmpty {
                    copied.insert(source)
                } else if !produced.contains(input) {
                    entries.insert(input)
                }
            }
        }
        let exits = produced.filter { outputs[$0] != nil }
        guard entries.count == 1, let entry = entries.first, outputs[entry] == nil, exits.count == 1,
              let exit = exits.first, let exitField = outputs[exit] else { return nil }
        let rename = { (name: String) in name == entry ? frames : name }
        let framesInfo = Protobuf.field(1, Array(frames.utf8)) + Protobuf.field(2, floatType)

        var front: [UInt8] = [], decoder: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if var node = nodes[index] {
                node.inputs = node.inputs.map(rename)
                node.outputs = node.outputs.map(rename)
                let encoded = Protobuf.field(1, node.encoded())
                if back.contains(index) || copied.contains(index) { decoder += encoded }
                if !back.contains(index) { front += encoded }
            } else if field.number == 5 {
                // A weight both parts read is in both.
                if backWeights.contains(index) { decoder += field.raw }
                if frontWeights.contains(index) || !backWeights.contains(index) { front += field.raw }
            } else if field.number == 12 {
                if index == exitField { decoder += field.raw } else { front += field.raw }
            } else if field.number == 13, let name = field.payload.flatMap({ Protobuf.string(in: $0, 1) }), produced.contains(name) || name == entry {
                continue  // shapes of the decoder's tensors: ONNX Runtime infers them
            } else if field.number == 2 {
                front += field.raw
                decoder += field.raw
            } else {
                front += field.raw
            }
        }
        return (front + Protobuf.field(12, framesInfo), decoder + Protobuf.field(11, framesInfo))
    }

    /// `TypeProto { tensor_type { elem_type: FLOAT } }`.
    private static let floatType = Protobuf.field(1, Protobuf.field(1, integer: 1))

    /// Frames of context decoded on each side of a window: more than the decoder's reach.
    /// Piper's decoders (HiFi-GAN with kernels up to 11 and dilations up to 5 after the first
    /// 8× upsampling) see about 10 frames to each side: with 10 the samples equal the whole
    /// run's to float rounding (1e-7), with 8 they differ by 1e-3.
    static let context = 16

    /// The windows a run of `count` frames is decoded in, each at most `width` frames plus the
    /// context: `decode` is what goes in, `keep` the frames whose samples come out of it. The
    /// kept stretches are about equal and follow one another without a gap.
    static func windows(frames count: Int, width: Int, context: Int = context) -> [(decode: Range<Int>, keep: Range<Int>)] {
        guard count > 0 else { return [] }
        let pieces = max(1, (count + width - 1) / max(1, width))
        return (0..<pieces).map { k in
            let start = count * k / pieces, end = count * (k + 1) / pieces
            return (max(0, start - context)..<min(count, end + context), start..<end)
        }
    }
}
