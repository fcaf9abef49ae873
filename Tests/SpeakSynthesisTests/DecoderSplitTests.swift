import Foundation
@testable import SpeakNeural
import Testing

/// A Piper voice cut in two at its decoder, and the windows the decoder runs in.
@Suite struct DecoderSplitTests {
    typealias P = Protobuf
    typealias T = DecoderLayoutTests

    /// A graph in the shape Piper exports: ids to frames and durations in front, the decoder,
    /// and an axis added to its samples with a constant made in front.
    static func graph(extra: [UInt8] = []) -> [UInt8] {
        T.node("/enc_p/Constant_5", "Constant", [], ["axes"])
            + T.node("/enc_p/Conv", "Conv", ["input", "w_enc", "shared"], ["h"])
            + T.node("/dp/Ceil", "Ceil", ["h"], ["/Ceil_output_0"])
            + T.node("/Mul_7", "Mul", ["h", "mask"], ["z"])
            + T.node("/dec/conv_pre/Conv", "Conv", ["z", "w_pre", "shared"], ["a"])
            + T.node("/dec/Tanh", "Tanh", ["a"], ["e"])
            + T.node("/Unsqueeze_11", "Unsqueeze", ["e", "axes"], ["output"])
            + extra
            + T.tensor("w_enc", [4, 2, 3]) + T.tensor("shared", [4]) + T.tensor("w_pre", [4, 2, 7]) + T.tensor("mask", [1])
            + P.field(2, Array("main_graph".utf8))
            + P.field(11, P.field(1, Array("input".utf8)))
            + P.field(13, P.field(1, Array("a".utf8))) + P.field(13, P.field(1, Array("h".utf8)))
            + P.field(12, P.field(1, Array("output".utf8))) + P.field(12, P.field(1, Array("/Ceil_output_0".utf8)))
    }

    static func parts(_ graph: [UInt8]) throws -> (nodes: [String], weights: [String], inputs: [String], outputs: [String], shapes: [String]) {
        let fields = try #require(P.fields(graph[...]))
        let names = { (number: UInt64) in fields.filter { $0.number == number }.compactMap { $0.payload.flatMap { P.string(in: $0, 1) } } }
        return (fields.filter { $0.number == 1 }.compactMap { $0.payload.flatMap(GraphNode.init)?.name },
                try T.parsed(graph).tensors.keys.sorted(), names(11), names(12), names(13))
    }

    @Test func theFrontEndsWithTheFramesAndTheDecoderTakesThem() throws {
        let (front, decoder) = try #require(DecoderSplit.split(graph: Self.graph()[...]))
        let f = try Self.parts(front), d = try Self.parts(decoder)
        #expect(f.nodes == ["/enc_p/Constant_5", "/enc_p/Conv", "/dp/Ceil", "/Mul_7"])
        #expect(d.nodes == ["/enc_p/Constant_5", "/dec/conv_pre/Conv", "/dec/Tanh", "/Unsqueeze_11"], "the constant is copied")
        #expect(f.weights == ["mask", "shared", "w_enc"] && d.weights == ["shared", "w_pre"], "a weight both read is in both")
        #expect(f.inputs == ["input"] && d.inputs == [DecoderSplit.frames])
        #expect(f.outputs == ["/Ceil_output_0", DecoderSplit.frames] && d.outputs == ["output"])
        #expect(f.shapes == ["h"] && d.shapes.isEmpty, "the decoder's tensors' shapes are left to ONNX Runtime")
        let mul = try #require(T.parsed(front).nodes.first { $0.name == "/Mul_7" })
        let conv = try #require(T.parsed(decoder).nodes.first { $0.name == "/dec/conv_pre/Conv" })
        #expect(mul.outputs == [DecoderSplit.frames] && conv.inputs.first == DecoderSplit.frames)
        #expect(Protobuf.string(in: decoder[...], 2) == "main_graph")
    }

    @Test func aDecoderOfAnotherShapeIsNotCut() {
        // Something the front needs made from the decoder's samples.
        #expect(DecoderSplit.split(graph: Self.graph(extra: T.node("/Shape", "Shape", ["a"], ["/Ceil_output_0"]))[...]) == nil)
        // The decoder reading a second tensor of the front.
        #expect(DecoderSplit.split(graph: Self.graph(extra: T.node("/dec/Add", "Add", ["e", "h"], ["f"]))[...]) == nil)
        // No decoder, or nothing but.
        #expect(DecoderSplit.split(graph: T.node("/enc/Relu", "Relu", ["x"], ["y"])[...]) == nil)
        #expect(DecoderSplit.split(graph: T.node("/dec/Relu", "Relu", ["x"], ["y"])[...]) == nil)
        #expect(DecoderSplit.split(graph: [0xFF][...]) == nil)
    }

    @Test func windowsFollowOneAnotherWithContextOnEachSide() {
        #expect(DecoderSplit.windows(frames: 0, width: 192).isEmpty)
        let one = DecoderSplit.windows(frames: 100, width: 192)
        #expect(one.count == 1 && one[0].decode == 0..<100 && one[0].keep == 0..<100)
        for (count, width) in [(500, 192), (193, 192), (1_000, 7), (384, 192)] {
            let windows = DecoderSplit.windows(frames: count, width: width)
            #expect(windows.count == (count + width - 1) / width)
            #expect(windows.first?.keep.lowerBound == 0 && windows.last?.keep.upperBound == count)
            for (k, window) in windows.enumerated() {
                #expect(window.keep.count <= width && window.keep.count >= width / 2)
                if k > 0 { #expect(windows[k - 1].keep.upperBound == window.keep.lowerBound) }
                #expect(window.decode == max(0, window.keep.lowerBound - DecoderSplit.context)..<min(count, window.keep.upperBound + DecoderSplit.context))
            }
        }
    }
}
