ALTER TABLE "scheduled_instances" ADD COLUMN "run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_instances" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_instances" ADD COLUMN "run_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "scheduled_instances_due_run_idx" ON "scheduled_instances" USING btree ((coalesce("lease_until", "run_at"))) WHERE coalesce("scheduled_instances"."lease_until", "scheduled_instances"."run_at") is not null;--> statement-breakpoint
-- Every instance that still has work gets its run (decision 130): an unfinished one, or a
-- finished one with a publication or a thread part waiting (what the publisher's claim takes
-- up again), at its earliest waiting publication's or part's time, else its own time.
WITH waiting AS (
  SELECT si.id, least(
    (SELECT min(coalesce(p.next_attempt_at, p.due_at, si.scheduled_for))
      FROM publications p WHERE p.instance_id = si.id AND p.status = 'pending'),
    (SELECT min(coalesce(pp.due_at, si.scheduled_for))
      FROM publication_parts pp JOIN publications p ON p.id = pp.publication_id
      WHERE p.instance_id = si.id AND pp.kind = 'thread' AND pp.status = 'pending'
        AND NOT EXISTS (SELECT 1 FROM publication_parts e
          WHERE e.publication_id = pp.publication_id AND e.kind = 'thread'
            AND e.position < pp.position AND e.status IN ('failed', 'unconfirmed')))
  ) AS due
  FROM scheduled_instances si
  WHERE si.status IN ('pending', 'publishing', 'published', 'partial', 'failed', 'missed')
)
UPDATE "scheduled_instances" si SET "run_at" = coalesce(w.due, si.scheduled_for)
FROM waiting w
WHERE w.id = si.id AND (si.status IN ('pending', 'publishing') OR w.due IS NOT NULL);--> statement-breakpoint
ALTER TABLE "scheduled_instances" DROP COLUMN "job_id";--> statement-breakpoint
-- The publish jobs pg-boss held are not worked any more (each instance is its own job now).
-- On a new database pg-boss creates its schema after these migrations: nothing to remove.
DO $$
BEGIN
  -- Run as dynamic statements: their tables are looked up only once known to exist. The jobs
  -- go first: the queue's row is referenced by them.
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    EXECUTE 'DELETE FROM pgboss.job WHERE name = ''publish-instance''';
  END IF;
  IF to_regclass('pgboss.archive') IS NOT NULL THEN
    EXECUTE 'DELETE FROM pgboss.archive WHERE name = ''publish-instance''';
  END IF;
  IF to_regclass('pgboss.queue') IS NOT NULL THEN
    EXECUTE 'SELECT pgboss.delete_queue(name) FROM pgboss.queue WHERE name = ''publish-instance''';
  END IF;
END $$;
