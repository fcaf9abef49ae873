import SpeakPostgres

/// The queue's tables: one row per job (paths, hashes, state, lease, last error, what it
/// wrote) and one per step of each job's history. Created if missing; several workers starting
/// at once take turns (an advisory lock).
enum QueueSchema {
    static let script = """
        CREATE TABLE IF NOT EXISTS speak_jobs (
            id bigserial PRIMARY KEY,
            input text NOT NULL,
            input_hash text NOT NULL,
            output_dir text NOT NULL,
            arguments text NOT NULL,
            settings text NOT NULL,
            state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
            attempts integer NOT NULL DEFAULT 0,
            worker text,
            lease_until timestamptz,
            error text,
            output text,
            output_hash text,
            audio_seconds double precision,
            created_at timestamptz NOT NULL DEFAULT now(),
            started_at timestamptz,
            finished_at timestamptz
        );
        CREATE UNIQUE INDEX IF NOT EXISTS speak_jobs_once ON speak_jobs (input_hash, output_dir, settings) WHERE state <> 'cancelled';
        CREATE INDEX IF NOT EXISTS speak_jobs_waiting ON speak_jobs (state, id);
        CREATE TABLE IF NOT EXISTS speak_job_events (
            id bigserial PRIMARY KEY,
            job_id bigint NOT NULL REFERENCES speak_jobs (id) ON DELETE CASCADE,
            worker text,
            event text NOT NULL,
            detail text,
            at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS speak_job_events_job ON speak_job_events (job_id);
        """

    static func migrate(_ connection: PostgresConnection) throws(PostgresError) {
        try connection.query("BEGIN")
        do {
            try connection.query("SELECT pg_advisory_xact_lock(8029)")
            try connection.run(script: script)
            try connection.query("COMMIT")
        } catch {
            _ = try? connection.query("ROLLBACK")
            throw error
        }
    }
}
