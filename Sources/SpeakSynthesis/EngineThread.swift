import Foundation

/// The one thread that drives the speech engine. eSpeak-NG keeps its state in globals and a
/// synthesis call blocks for a while, so engine work never runs on the Swift concurrency pool
/// or on whichever thread happens to ask: it is queued here and runs in order.
public final class EngineThread: @unchecked Sendable {
    /// The process's engine thread, started on first use.
    public static let shared = EngineThread()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var thread: Thread?

    init() {}

    /// Runs `job` on the engine thread after the jobs queued before it.
    public func async(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        jobs.append(job)
        if thread == nil {
            let thread = Thread { [unowned self] in
                Thread.current.name = "speak.engine"
                self.loop()
            }
            // eSpeak keeps large buffers on the stack of the synthesizing thread.
            thread.stackSize = 8 << 20
            self.thread = thread
            thread.start()
        }
        condition.signal()
    }

    /// Runs `work` on the engine thread and waits for its result (runs it at once when
    /// called from the engine thread itself).
    public func sync<T>(_ work: () throws -> T) throws -> T {
        if isCurrent { return try work() }
        return try withoutActuallyEscaping(work) { work in
            let box = ResultBox<T>(work: work)
            async { box.run() }
            return try box.wait()
        }
    }

    /// True on the engine thread itself.
    var isCurrent: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread.map { Thread.current === $0 } ?? false
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}

/// Hands one job's result from the engine thread back to the waiting caller.
private final class ResultBox<T>: @unchecked Sendable {
    // Released before the caller is woken: it must not outlive `withoutActuallyEscaping`.
    private var work: (() throws -> T)?
    private let slot = ResultSlot<T>()

    init(work: @escaping () throws -> T) {
        self.work = work
    }

    func run() {
        let outcome = Result { () throws -> T in
            guard let work else { throw CancellationError() }
            return try work()
        }
        work = nil
        slot.fulfil(outcome)
    }

    func wait() throws -> T {
        try slot.wait()
    }
}

/// A result one thread hands to another that waits for it.
final class ResultSlot<T>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<T, any Error>?

    func fulfil(_ result: Result<T, any Error>) {
        condition.lock()
        self.result = result
        condition.broadcast()
        condition.unlock()
    }

    func wait() throws -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result { return try result.get() }
            condition.wait()
        }
    }
}
