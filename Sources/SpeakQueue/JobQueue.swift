import Foundation
import SpeakPostgres

/// The conversion queue on PostgreSQL: jobs are taken with `FOR UPDATE SKIP LOCKED` under a
/// lease the worker renews; a job whose lease ran out is taken again; a job that failed (or
/// whose worker vanished) `maximumAttempts` times is failed with its error. A job is finished
/// once, under its row's lock: a second worker finishing it finds it done and drops its output.
/// One connection, not shared between threads.
public final class JobQueue {
    public static let maximumAttempts = 3

    private let url: String
    private var connection: PostgresConnection

    /// Connects to `url` and creates the tables if needed.
    public init(url: String) throws(QueueError) {
        self.url = url
        do {
            connection = try PostgresConnection(url: url, application: "speak-queue")
            try QueueSchema.migrate(connection)
        } catch {
            throw Self.unreachable(url, error)
        }
    }

    static func unreachable(_ url: String, _ error: PostgresError) -> QueueError {
        QueueError("cannot use the job queue at \(QueueError.redacted(url)): \(error.message); "
                   + "check the URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE) and that the server is up")
    }

    /// Enqueues `jobs`; a job already queued, running or done (same content, directory and
    /// settings) is not added twice. Returns the number added.
    public func add(_ jobs: [NewJob]) throws(QueueError) -> Int {
        try transaction { db throws(PostgresError) in
            var added = 0
            for job in jobs {
                let arguments = String(decoding: (try? JSONEncoder().encode(job.arguments)) ?? Data("[]".utf8), as: UTF8.self)
                let rows = try db.query("""
                    INSERT INTO speak_jobs (input, input_hash, output_dir, arguments, settings) VALUES ($1, $2, $3, $4, $5)
                    ON CONFLICT (input_hash, output_dir, settings) WHERE state <> 'cancelled' DO NOTHING RETURNING id
                    """, [job.input, job.inputHash, job.outputDirectory, arguments, job.settings])
                if let id = rows.first?.first ?? nil {
                    try event(db, id, worker: nil, "queued", job.input)
                    added += 1
                }
            }
            return added
        }
    }

    /// Takes the oldest waiting job (or one whose worker's lease ran out) for `worker`, for
    /// `lease` seconds; nil when there is none.
    public func claim(worker: String, lease: Double) throws(QueueError) -> QueueJob? {
        try transaction { db throws(PostgresError) in
            while true {
                guard let row = try db.query("""
                    SELECT id, state, attempts, worker FROM speak_jobs
                    WHERE state = 'queued' OR (state = 'running' AND lease_until < now())
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
                    """).first, let id = row[0], let attempts = row[2].flatMap({ Int($0) }) else { return nil }
                if row[1] == "running" {
                    try event(db, id, worker: row[3] ?? nil, "expired", "the worker stopped renewing its lease")
                    if attempts >= Self.maximumAttempts {
                        let reason = "its worker stopped answering \(attempts) times (last \(row[3].flatMap { $0 } ?? "unknown"))"
                        try db.query("UPDATE speak_jobs SET state = 'failed', error = $2, lease_until = NULL, finished_at = now() WHERE id = $1",
                                     [id, reason])
                        try event(db, id, worker: nil, "failed", reason)
                        continue
                    }
                }
                guard let taken = try db.query("""
                    UPDATE speak_jobs SET state = 'running', worker = $2, attempts = attempts + 1, started_at = now(),
                        lease_until = now() + make_interval(secs => $3::double precision)
                    WHERE id = $1 RETURNING input, input_hash, output_dir, arguments, attempts
                    """, [id, worker, String(lease)]).first,
                    let jobID = Int64(id), let attempt = taken[4].flatMap({ Int($0) }) else { return nil }
                try event(db, id, worker: worker, "claimed", "attempt \(attempt)")
                switch ClaimedRow.job(id: jobID, attempt: attempt, columns: Array(taken.prefix(4))) {
                case .success(let job):
                    return job
                case .failure(let problem):
                    let reason = "the queued job is not one speak queue add writes: \(problem.reason)"
                    try db.query("UPDATE speak_jobs SET state = 'failed', error = $2, lease_until = NULL, finished_at = now() WHERE id = $1",
                                 [id, reason])
                    try event(db, id, worker: worker, "failed", reason)
                }
            }
        }
    }

    /// Extends the lease of a job held; false when the job is no longer this worker's
    /// (cancelled, or taken by another after the lease ran out).
    public func renew(_ job: QueueJob, worker: String, lease: Double) throws(QueueError) -> Bool {
        try transaction { db throws(PostgresError) in
            !(try db.query("""
                UPDATE speak_jobs SET lease_until = now() + make_interval(secs => $4::double precision)
                WHERE id = $1 AND worker = $2 AND attempts = $3 AND state = 'running' RETURNING id
                """, [String(job.id), worker, String(job.attempt), String(lease)]).isEmpty)
        }
    }

    /// Finishes `job`: unless it is done or cancelled already, `publish` puts the output in
    /// place (under the row's lock, so only one worker ever does) and the job is done.
    public func complete(_ job: QueueJob, worker: String, publish: () throws -> JobOutput) throws -> CompletionOutcome {
        var failure: (any Error)?
        let outcome = try transaction { db throws(PostgresError) -> CompletionOutcome? in
            guard let state = try db.query("SELECT state FROM speak_jobs WHERE id = $1 FOR UPDATE", [String(job.id)]).first?.first ?? nil else {
                return .alreadyDone(state: "removed")
            }
            if state == "done" || state == "cancelled" {
                try event(db, String(job.id), worker: worker, "discarded", "already \(state)")
                return .alreadyDone(state: state)
            }
            let output: JobOutput
            do {
                output = try publish()
            } catch {
                failure = error
                return nil
            }
            try db.query("""
                UPDATE speak_jobs SET state = 'done', worker = $2, output = $3, output_hash = $4, audio_seconds = $5, error = NULL,
                    lease_until = NULL, finished_at = now() WHERE id = $1
                """, [String(job.id), worker, output.name, output.hash, String(output.audioSeconds)])
            try event(db, String(job.id), worker: worker, "done", output.name)
            return .published
        }
        if let failure { throw failure }
        return outcome ?? .alreadyDone(state: "unknown")
    }

    /// Records a failed attempt: the job waits for another try, or is failed for good when
    /// `permanent` (the input or the output cannot work) or after `maximumAttempts`.
    @discardableResult
    public func fail(_ job: QueueJob, worker: String, error message: String, permanent: Bool) throws(QueueError) -> String? {
        try transaction { db throws(PostgresError) in
            let final = permanent || job.attempt >= Self.maximumAttempts
            let state = try db.query("""
                UPDATE speak_jobs SET state = $5, error = $4, lease_until = NULL, worker = $2,
                    finished_at = CASE WHEN $5 = 'failed' THEN now() END
                WHERE id = $1 AND worker = $2 AND attempts = $3 AND state = 'running' RETURNING state
                """, [String(job.id), worker, String(job.attempt), message, final ? "failed" : "queued"]).first?.first ?? nil
            if state != nil { try event(db, String(job.id), worker: worker, final ? "failed" : "retry", message) }
            return state
        }
    }

    /// Gives a job back untried (a worker asked to stop).
    public func release(_ job: QueueJob, worker: String) throws(QueueError) {
        try transaction { db throws(PostgresError) in
            let rows = try db.query("""
                UPDATE speak_jobs SET state = 'queued', attempts = attempts - 1, worker = NULL, lease_until = NULL
                WHERE id = $1 AND worker = $2 AND attempts = $3 AND state = 'running' RETURNING id
                """, [String(job.id), worker, String(job.attempt)])
            if !rows.isEmpty { try event(db, String(job.id), worker: worker, "released", "the worker stopped") }
        }
    }

    /// Whether nothing is waiting or running.
    public func isDrained() throws(QueueError) -> Bool {
        try transaction { db throws(PostgresError) in
            try db.query("SELECT 1 FROM speak_jobs WHERE state IN ('queued', 'running') LIMIT 1").isEmpty
        }
    }

    /// Puts failed (and cancelled) jobs back in the queue with their attempts reset: `ids`, or all.
    public func retry(_ ids: [Int64]) throws(QueueError) -> Int {
        try transaction { db throws(PostgresError) in
            let rows = try db.query("""
                UPDATE speak_jobs SET state = 'queued', attempts = 0, worker = NULL, lease_until = NULL, finished_at = NULL
                WHERE state IN ('failed', 'cancelled') AND (cardinality($1::bigint[]) = 0 OR id = ANY($1::bigint[])) RETURNING id
                """, [Self.array(ids)])
            for row in rows { if let id = row[0] { try event(db, id, worker: nil, "retried", nil) } }
            return rows.count
        }
    }

    /// Cancels queued and running jobs: `ids`, or all. A running job's worker stops it at its
    /// next lease renewal.
    public func cancel(_ ids: [Int64]) throws(QueueError) -> Int {
        try transaction { db throws(PostgresError) in
            let rows = try db.query("""
                UPDATE speak_jobs SET state = 'cancelled', lease_until = NULL, finished_at = now()
                WHERE state IN ('queued', 'running') AND (cardinality($1::bigint[]) = 0 OR id = ANY($1::bigint[])) RETURNING id
                """, [Self.array(ids)])
            for row in rows { if let id = row[0] { try event(db, id, worker: nil, "cancelled", nil) } }
            return rows.count
        }
    }

    /// Counts, rates over the last 15 minutes, live workers and failures.
    public func status() throws(QueueError) -> QueueStatus {
        try transaction { db throws(PostgresError) in
            var status = QueueStatus()
            for row in try db.query("SELECT state, count(*) FROM speak_jobs GROUP BY state") {
                let count = row[1].flatMap { Int($0) } ?? 0
                switch row[0] {
                case "queued": status.queued = count
                case "running": status.running = count
                case "done": status.done = count
                case "failed": status.failed = count
                case "cancelled": status.cancelled = count
                default: break
                }
            }
            if let rate = try db.query("""
                SELECT count(*), sum(audio_seconds), extract(epoch FROM max(finished_at) - least(min(started_at), min(finished_at)))
                FROM speak_jobs WHERE state = 'done' AND finished_at > now() - interval '15 minutes'
                """).first, let done = rate[0].flatMap({ Double($0) }), done > 0, let span = rate[2].flatMap({ Double($0) }), span > 0 {
                status.jobsPerMinute = done / span * 60
                status.audioSecondsPerSecond = (rate[1].flatMap { Double($0) } ?? 0) / span
                status.etaSeconds = Double(status.queued + status.running) / (done / span)
            }
            status.workers = try db.query("SELECT DISTINCT worker FROM speak_jobs WHERE state = 'running' AND lease_until > now() ORDER BY 1")
                .compactMap { $0[0] }
            status.failures = try db.query("SELECT id, input, coalesce(error, ''), attempts FROM speak_jobs WHERE state = 'failed' ORDER BY id LIMIT 50")
                .map { QueueStatus.Failure(id: $0[0].flatMap { Int64($0) } ?? 0, input: $0[1] ?? "", error: $0[2] ?? "", attempts: $0[3].flatMap { Int($0) } ?? 0) }
            return status
        }
    }

    /// Every step of every job (of job `id`), oldest first.
    public func history(job id: Int64? = nil) throws(QueueError) -> [QueueEvent] {
        try transaction { db throws(PostgresError) in
            try db.query("""
                SELECT job_id, worker, event, detail, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM speak_job_events
                WHERE $1::bigint IS NULL OR job_id = $1::bigint ORDER BY id
                """, [id.map(String.init)]).map {
                QueueEvent(job: $0[0].flatMap { Int64($0) } ?? 0, worker: $0[1], event: $0[2] ?? "", detail: $0[3], at: $0[4] ?? "")
            }
        }
    }

    /// The finished jobs that wrote into `directory`.
    public func finished(in directory: String) throws(QueueError) -> [FinishedJob] {
        try transaction { db throws(PostgresError) in
            try db.query("""
                SELECT id, input, input_hash, coalesce(output, ''), coalesce(output_hash, ''), settings FROM speak_jobs
                WHERE state = 'done' AND output_dir = $1 ORDER BY id
                """, [directory]).map {
                FinishedJob(id: $0[0].flatMap { Int64($0) } ?? 0, input: $0[1] ?? "", inputHash: $0[2] ?? "", output: $0[3] ?? "",
                            outputHash: $0[4] ?? "", settings: $0[5] ?? "")
            }
        }
    }

    private func event(_ db: PostgresConnection, _ id: String, worker: String?, _ event: String, _ detail: String?) throws(PostgresError) {
        try db.query("INSERT INTO speak_job_events (job_id, worker, event, detail) VALUES ($1, $2, $3, $4)", [id, worker, event, detail])
    }

    private static func array(_ ids: [Int64]) -> String { "{" + ids.map(String.init).joined(separator: ",") + "}" }

    /// Runs `work` in a transaction; a connection found lost (the server restarted) is
    /// opened again once before giving up.
    private func transaction<T>(_ work: (PostgresConnection) throws(PostgresError) -> T) throws(QueueError) -> T {
        do throws(PostgresError) {
            do {
                try connection.query("BEGIN")
            } catch where error.connectionLost {
                connection = try PostgresConnection(url: url, application: "speak-queue")
                try connection.query("BEGIN")
            }
            do {
                let result = try work(connection)
                try connection.query("COMMIT")
                return result
            } catch {
                if !error.connectionLost { _ = try? connection.query("ROLLBACK") }
                throw error
            }
        } catch {
            throw error.connectionLost ? Self.unreachable(url, error) : QueueError("the job queue failed: \(error.message)", exitStatus: .software)
        }
    }
}
