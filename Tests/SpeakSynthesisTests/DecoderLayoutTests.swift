import Foundation
@testable import SpeakNeural
import Testing

/// The copy of a Piper voice that speak runs: its decoder's convolutions laid out as 1×k ones,
/// the rest of the graph untouched, and the same audio.
@Suite struct DecoderLayoutTests {
    typealias P = Protobuf

    static func node(_ name: String, _ op: String, _ inputs: [String], _ outputs: [String], _ attributes: [[UInt8]] = []) -> [UInt8] {
        P.field(1, GraphNode(inputs: inputs, outputs: outputs, name: name, opType: op, attributes: attributes).encoded())
    }

    static func tensor(_ name: String, _ dims: [Int64]) -> [UInt8] {
        let data = [UInt8](repeating: 0, count: 4 * Int(dims.reduce(1, *)))
        return P.field(5, dims.flatMap { P.field(1, integer: $0) } + P.field(2, integer: 1) + P.field(8, Array(name.utf8)) + P.field(9, data))
    }

    /// A decoder in the shape Piper exports: frames in from outside, a convolution, a pointwise
    /// chain with a scalar, a transposed convolution, and a node outside that takes its output.
    static func graph(extra: [UInt8] = [], divisor: [Int64] = []) -> [UInt8] {
        node("/Mul_7", "Mul", ["z", "mask"], ["frames"])
            + node("/dec/conv_pre/Conv", "Conv", ["frames", "w_pre", "b_pre"], ["a"],
                   [GraphNode.ints("kernel_shape", [7]), GraphNode.ints("pads", [3, 3]), GraphNode.ints("dilations", [1])])
            + node("/dec/LeakyRelu", "LeakyRelu", ["a"], ["b"])
            + node("/dec/Div", "Div", ["b", "two"], ["c"])
            + node("/dec/ups.0/ConvTranspose", "ConvTranspose", ["c", "w_up"], ["d"],
                   [GraphNode.ints("strides", [8]), GraphNode.ints("pads", [4, 4])])
            + node("/dec/Tanh", "Tanh", ["d"], ["e"])
            + node("/Unsqueeze_11", "Unsqueeze", ["e", "axes"], ["output"])
            + extra
            + tensor("w_pre", [4, 2, 7]) + tensor("b_pre", [4]) + tensor("two", divisor) + tensor("w_up", [4, 1, 16])
            + P.field(13, P.field(1, Array("a".utf8))) + P.field(13, P.field(1, Array("e".utf8)))
            + P.field(12, P.field(1, Array("output".utf8)))
    }

    static func parsed(_ graph: [UInt8]) throws -> (nodes: [GraphNode], tensors: [String: [Int64]], shapes: [String]) {
        let fields = try #require(P.fields(graph[...]))
        let nodes = fields.filter { $0.number == 1 }.compactMap { $0.payload.flatMap(GraphNode.init) }
        #expect(nodes.count == fields.filter { $0.number == 1 }.count)
        var tensors: [String: [Int64]] = [:]
        for field in fields where field.number == 5 {
            let tensor = try #require(field.payload.flatMap(GraphTensor.init))
            tensors[tensor.name] = tensor.dims
        }
        let shapes = fields.filter { $0.number == 13 }.compactMap { $0.payload.flatMap(P.fields).flatMap { P.string($0, 1) } }
        return (nodes, tensors, shapes)
    }

    static func ints(_ node: GraphNode, _ name: String) -> [Int64]? {
        for attribute in node.attributes {
            guard let fields = P.fields(attribute[...]), P.string(fields, 1) == name else { continue }
            return fields.filter { $0.number == 8 }.compactMap(P.integers).flatMap { $0 }
        }
        return nil
    }

    @Test func theDecoderGetsAUnitAxisAndItsConvolutionsBecomeOneByK() throws {
        let out = try #require(DecoderLayout.rewritten(graph: Self.graph()[...], opset: 15))
        let (nodes, tensors, shapes) = try Self.parsed(out)
        #expect(nodes.map(\.opType) == ["Mul", "Unsqueeze", "Conv", "LeakyRelu", "Div", "ConvTranspose", "Tanh", "Squeeze", "Unsqueeze"])
        let suffix = DecoderLayout.suffix
        #expect(nodes[1].inputs == ["frames", DecoderLayout.axis] && nodes[1].outputs == ["frames" + suffix])
        #expect(nodes[2].inputs == ["frames" + suffix, "w_pre", "b_pre"] && nodes[2].outputs == ["a" + suffix])
        #expect(Self.ints(nodes[2], "kernel_shape") == [1, 7] && Self.ints(nodes[2], "pads") == [0, 3, 0, 3] && Self.ints(nodes[2], "dilations") == [1, 1])
        #expect(nodes[4].inputs == ["b" + suffix, "two"])
        // A transposed convolution exported without its kernel's size gets it from the weight.
        #expect(Self.ints(nodes[5], "kernel_shape") == [1, 16] && Self.ints(nodes[5], "strides") == [1, 8] && Self.ints(nodes[5], "pads") == [0, 4, 0, 4])
        #expect(nodes[7].inputs == ["e" + suffix, DecoderLayout.axis] && nodes[7].outputs == ["e"])
        // The node outside the decoder is as it was.
        #expect(nodes[8].inputs == ["e", "axes"] && nodes[0].inputs == ["z", "mask"])
        #expect(tensors["w_pre"] == [4, 2, 1, 7] && tensors["w_up"] == [4, 1, 1, 16] && tensors["b_pre"] == [4] && tensors[DecoderLayout.axis] == [1])
        // A shape recorded for a tensor inside the decoder would name one that no longer exists.
        #expect(shapes == ["e"])
    }

    @Test func beforeOperatorSetThirteenTheAxisIsAnAttribute() throws {
        let out = try #require(DecoderLayout.rewritten(graph: Self.graph()[...], opset: 11))
        let (nodes, tensors, _) = try Self.parsed(out)
        #expect(nodes[1].inputs == ["frames"] && Self.ints(nodes[1], "axes") == [2])
        #expect(tensors[DecoderLayout.axis] == nil)
    }

    @Test func aDecoderOfAnotherShapeIsLeftAlone() {
        // A sum with a tensor of three axes would broadcast differently against four.
        #expect(DecoderLayout.rewritten(graph: Self.graph(divisor: [1, 4, 1])[...], opset: 15) == nil)
        // An operation the layout does not know.
        #expect(DecoderLayout.rewritten(graph: Self.graph(extra: Self.node("/dec/Gather", "Gather", ["d", "i"], ["g"]))[...], opset: 15) == nil)
        // A second tensor taken from outside the decoder.
        #expect(DecoderLayout.rewritten(graph: Self.graph(extra: Self.node("/dec/Add", "Add", ["c", "mask"], ["f"]))[...], opset: 15) == nil)
        // A second output used outside.
        #expect(DecoderLayout.rewritten(graph: Self.graph(extra: Self.node("/Other", "Relu", ["b"], ["x"]))[...], opset: 15) == nil)
        // A weight also declared as a graph input (IR version 3 and before), with its old shape.
        #expect(DecoderLayout.rewritten(graph: (Self.graph() + P.field(11, P.field(1, Array("w_up".utf8))))[...], opset: 15) == nil)
        // No decoder at all.
        #expect(DecoderLayout.rewritten(graph: Self.node("/enc/Relu", "Relu", ["x"], ["y"])[...], opset: 15) == nil)
    }

    static let voice = "/usr/local/share/speak/voices/joe/en_US-joe-medium.onnx"
    static var installed: Bool {
        FileManager.default.fileExists(atPath: "/usr/local/lib/speak/libonnxruntime.so") && FileManager.default.fileExists(atPath: voice)
    }

    /// With the noise scales at zero the model is deterministic: the copy speak runs, its
    /// decoder cut out, laid out and run a window at a time (several windows even on two words),
    /// gives the voice's own samples, and reports durations that add up to them.
    @Test(.enabled(if: installed)) func theCutAndLaidOutVoiceSaysTheSameSamples() throws {
        let library = "/usr/local/lib/speak/libonnxruntime.so"
        let parts = try PiperModelPatch.patched(try Data(contentsOf: URL(fileURLWithPath: Self.voice)))
        let decoder = try #require(parts.decoder, "the voice's decoder is cut out")
        #expect(decoder.range(of: Data(DecoderLayout.axis.utf8)) != nil, "the voice's decoder is laid out")
        #expect(parts.front.range(of: Data("/dec/".utf8)) == nil && decoder.range(of: Data("/flow/".utf8)) == nil, "each node in one part")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("decoder-split-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let front = directory.appendingPathComponent("front.onnx"), back = directory.appendingPathComponent("decoder.onnx")
        try parts.front.write(to: front)
        try decoder.write(to: back)
        let original = try ONNXModel(library: library, model: Self.voice, threads: 1)
        // "Hello there" (həlˈoʊ ðˈɛɹ) as the voice's phoneme ids, each followed by a pad, between BOS and EOS.
        let ids: [Int64] = [1, 0] + [20, 59, 24, 120, 27, 100, 3, 41, 120, 61, 88].flatMap { [$0, 0] } + [2]
        let scales: [Float] = [0, 1, 0]
        let expected = try original.run(ids: ids, scales: scales, durationOutput: nil).values
        for window in [8, 20, 10_000] {
            let model = try PiperModel(library: library, front: front.path, decoder: back.path, threads: 1, window: window)
            #expect(model.timed)
            let (audio, durations) = try model.say(ids, scales: scales)
            #expect(audio.count == expected.count && audio.count > 2_000)
            let difference = zip(audio, expected).map { abs($0 - $1) }.max() ?? 1
            #expect(difference < 1e-4, "window \(window): largest difference \(difference)")
            #expect(Int(durations.reduce(0, +)) * 256 == audio.count)
            #expect(try model.length(ids, scales: scales) * 256 == audio.count)
        }
        // A voice whose decoder could not be cut out runs whole.
        let whole = try PiperModel(library: library, front: Self.voice, decoder: nil, threads: 1)
        let (audio, durations) = try whole.say(ids, scales: scales)
        let length = try whole.length(ids, scales: scales)
        #expect(!whole.timed && durations.isEmpty && audio == expected && length == audio.count)
    }
}
