import CSonic

/// Speeds speech up without raising its pitch (libsonic's pitch-synchronous overlap-add),
/// for rates past what a neural model's length scale can say naturally.
enum TimeStretch {
    /// `samples` said `speed` times faster (speed > 0); the length shrinks by that factor.
    static func faster(_ samples: [Float], speed: Double, sampleRate: Int) -> [Float] {
        guard speed != 1, !samples.isEmpty, speed > 0 else { return samples }
        // libsonic works in place and may need up to (samples / speed) room plus a pitch period.
        var buffer = samples + [Float](repeating: 0, count: Int(Double(samples.count) / speed) + sampleRate / 10)
        let count = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
            guard let base = pointer.baseAddress else { return 0 }
            return sonicChangeFloatSpeed(base, Int32(samples.count), Float(speed), 1, 1, 1, 0, Int32(sampleRate), 1)
        }
        guard count > 0 else { return samples }
        return Array(buffer.prefix(min(Int(count), buffer.count)))
    }
}
