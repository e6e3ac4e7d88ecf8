-- Each session's bookings counted by status (docs/product/reports-and-analytics.md#speed): trainer
-- insights, class performance and no-shows read one row per session instead of every booking of
-- the period. Kept by statement-level triggers in the same transaction as every change to
-- bookings, like member_status_counts (migration 0002). A booking already locks its session's row
-- (its places), so the session's counter row adds no wait between two bookings.
-- Hand-written: drizzle-kit writes neither triggers nor functions; the application never writes
-- this table.
CREATE TABLE IF NOT EXISTS "session_booking_counts" (
  "organization_id" uuid NOT NULL,
  "session_id" uuid NOT NULL,
  -- checked in
  "attended" integer NOT NULL DEFAULT 0,
  "no_shows" integer NOT NULL DEFAULT 0,
  -- places held: booked, checked in or no-show
  "taken" integer NOT NULL DEFAULT 0,
  -- bookings that were ever on the waitlist
  "waitlisted" integer NOT NULL DEFAULT 0,
  "late_cancels" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("organization_id", "session_id"),
  FOREIGN KEY ("organization_id", "session_id")
    REFERENCES "class_sessions"("organization_id", "id") ON DELETE CASCADE
);--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('session_booking_counts');--> statement-breakpoint
CREATE OR REPLACE FUNCTION fitbase_session_booking_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows are locked in key order, so concurrent writers cannot deadlock on the counters.
  INSERT INTO session_booking_counts AS c (organization_id, session_id, attended, no_shows, taken, waitlisted, late_cancels)
  SELECT organization_id, session_id,
    count(*) FILTER (WHERE status = 'attended'), count(*) FILTER (WHERE status = 'no_show'),
    count(*) FILTER (WHERE status IN ('booked', 'attended', 'no_show')),
    count(*) FILTER (WHERE waitlisted_at IS NOT NULL), count(*) FILTER (WHERE status = 'late_cancelled')
  FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (organization_id, session_id) DO UPDATE SET
    attended = c.attended + excluded.attended, no_shows = c.no_shows + excluded.no_shows,
    taken = c.taken + excluded.taken, waitlisted = c.waitlisted + excluded.waitlisted,
    late_cancels = c.late_cancels + excluded.late_cancels;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fitbase_session_booking_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only statements that change a status or the waitlist mark move a counter (a moved session's
  -- bookings, an updated_at touch: nothing to write).
  INSERT INTO session_booking_counts AS c (organization_id, session_id, attended, no_shows, taken, waitlisted, late_cancels)
  SELECT * FROM (
    SELECT organization_id, session_id,
      coalesce(sum(sign) FILTER (WHERE status = 'attended'), 0) AS attended,
      coalesce(sum(sign) FILTER (WHERE status = 'no_show'), 0) AS no_shows,
      coalesce(sum(sign) FILTER (WHERE status IN ('booked', 'attended', 'no_show')), 0) AS taken,
      coalesce(sum(sign) FILTER (WHERE waitlisted_at IS NOT NULL), 0) AS waitlisted,
      coalesce(sum(sign) FILTER (WHERE status = 'late_cancelled'), 0) AS late_cancels
    FROM (
      SELECT organization_id, session_id, status, waitlisted_at, 1 AS sign FROM new_rows
      UNION ALL
      SELECT organization_id, session_id, status, waitlisted_at, -1 FROM old_rows
    ) changes
    GROUP BY 1, 2
  ) d
  WHERE d.attended <> 0 OR d.no_shows <> 0 OR d.taken <> 0 OR d.waitlisted <> 0 OR d.late_cancels <> 0
  ORDER BY 1, 2
  ON CONFLICT (organization_id, session_id) DO UPDATE SET
    attended = c.attended + excluded.attended, no_shows = c.no_shows + excluded.no_shows,
    taken = c.taken + excluded.taken, waitlisted = c.waitlisted + excluded.waitlisted,
    late_cancels = c.late_cancels + excluded.late_cancels;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fitbase_session_booking_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- UPDATE, never INSERT: when a session (or its studio) is deleted its counter is already gone
  -- by cascade, and inserting one back would fail its foreign key.
  UPDATE session_booking_counts c SET
    attended = c.attended - d.attended, no_shows = c.no_shows - d.no_shows, taken = c.taken - d.taken,
    waitlisted = c.waitlisted - d.waitlisted, late_cancels = c.late_cancels - d.late_cancels
  FROM (
    SELECT organization_id, session_id,
      count(*) FILTER (WHERE status = 'attended') AS attended,
      count(*) FILTER (WHERE status = 'no_show') AS no_shows,
      count(*) FILTER (WHERE status IN ('booked', 'attended', 'no_show')) AS taken,
      count(*) FILTER (WHERE waitlisted_at IS NOT NULL) AS waitlisted,
      count(*) FILTER (WHERE status = 'late_cancelled') AS late_cancels
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
  ) d
  WHERE c.organization_id = d.organization_id AND c.session_id = d.session_id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "bookings_counts_insert" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_counts_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_session_booking_counts_on_insert();--> statement-breakpoint
DROP TRIGGER IF EXISTS "bookings_counts_update" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_counts_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_session_booking_counts_on_update();--> statement-breakpoint
DROP TRIGGER IF EXISTS "bookings_counts_delete" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_counts_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_session_booking_counts_on_delete();--> statement-breakpoint
-- Existing bookings, counted once (the triggers keep the counts from here on).
DELETE FROM "session_booking_counts";--> statement-breakpoint
INSERT INTO "session_booking_counts" (organization_id, session_id, attended, no_shows, taken, waitlisted, late_cancels)
SELECT organization_id, session_id,
  count(*) FILTER (WHERE status = 'attended'), count(*) FILTER (WHERE status = 'no_show'),
  count(*) FILTER (WHERE status IN ('booked', 'attended', 'no_show')),
  count(*) FILTER (WHERE waitlisted_at IS NOT NULL), count(*) FILTER (WHERE status = 'late_cancelled')
FROM "bookings" GROUP BY 1, 2;--> statement-breakpoint
-- No shows: the period's no-shows by the session's start (bookings carry it, moved with their
-- session), with the member, read from the index alone.
CREATE INDEX IF NOT EXISTS "bookings_org_no_show_start_idx" ON "bookings" ("organization_id", "starts_at") INCLUDE ("member_id", "session_id") WHERE "status" = 'no_show';
--> statement-breakpoint
-- First bookings: each member's first booking ever made (created_at, then the earlier session,
-- then id: a course enrolment makes several bookings in one instant), kept by the same kind of
-- triggers. A period's first bookings are then a range of this table's index instead of one probe
-- per member of the studio. Any write to a member's bookings finds their first again (one probe
-- of the covering index bookings_org_member_first_idx), so inserts, moves and deletions agree.
CREATE TABLE IF NOT EXISTS "member_first_bookings" (
  "organization_id" uuid NOT NULL,
  "member_id" uuid NOT NULL,
  "booking_id" uuid NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("organization_id", "member_id"),
  FOREIGN KEY ("organization_id", "member_id")
    REFERENCES "members"("organization_id", "id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_first_bookings_org_created_idx" ON "member_first_bookings" ("organization_id", "created_at");--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('member_first_bookings');--> statement-breakpoint
CREATE OR REPLACE FUNCTION fitbase_member_first_bookings_refresh(changed jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- `changed`: [{"o": organization_id, "m": member_id}], the members whose bookings changed.
  WITH who AS (
    SELECT DISTINCT (x->>'o')::uuid AS organization_id, (x->>'m')::uuid AS member_id
    FROM jsonb_array_elements(changed) x
  ), firsts AS (
    SELECT w.organization_id, w.member_id, f.id, f.created_at
    FROM who w
    CROSS JOIN LATERAL (
      SELECT b.id, b.created_at FROM bookings b
      WHERE b.organization_id = w.organization_id AND b.member_id = w.member_id
      ORDER BY b.created_at, b.starts_at, b.id LIMIT 1
    ) f
  ), gone AS (
    DELETE FROM member_first_bookings mf USING who w
    WHERE mf.organization_id = w.organization_id AND mf.member_id = w.member_id
      AND NOT EXISTS (SELECT 1 FROM firsts f WHERE f.organization_id = w.organization_id AND f.member_id = w.member_id)
  )
  INSERT INTO member_first_bookings AS mf (organization_id, member_id, booking_id, created_at)
  SELECT organization_id, member_id, id, created_at FROM firsts
  -- A member whose row a cascade is deleting: nothing to keep.
  WHERE EXISTS (SELECT 1 FROM members m WHERE m.organization_id = firsts.organization_id AND m.id = firsts.member_id)
  ORDER BY 1, 2
  ON CONFLICT (organization_id, member_id) DO UPDATE SET booking_id = excluded.booking_id, created_at = excluded.created_at
  WHERE mf.booking_id IS DISTINCT FROM excluded.booking_id OR mf.created_at IS DISTINCT FROM excluded.created_at;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fitbase_member_first_bookings_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fitbase_member_first_bookings_refresh((SELECT jsonb_agg(DISTINCT jsonb_build_object('o', organization_id, 'm', member_id)) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fitbase_member_first_bookings_refresh((SELECT jsonb_agg(DISTINCT jsonb_build_object('o', organization_id, 'm', member_id)) FROM old_rows));
  ELSE
    -- Only a change of what orders a member's bookings (member, made, session start) matters.
    PERFORM fitbase_member_first_bookings_refresh((
      SELECT jsonb_agg(DISTINCT jsonb_build_object('o', c.organization_id, 'm', c.member_id)) FROM (
        SELECT n.organization_id, n.member_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.member_id, n.created_at, n.starts_at) IS DISTINCT FROM (o.member_id, o.created_at, o.starts_at)
        UNION ALL
        SELECT o.organization_id, o.member_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.member_id, n.created_at, n.starts_at) IS DISTINCT FROM (o.member_id, o.created_at, o.starts_at)
      ) c));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "bookings_first_insert" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_first_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_first_bookings_on_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS "bookings_first_update" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_first_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_first_bookings_on_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS "bookings_first_delete" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_first_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_first_bookings_on_change();--> statement-breakpoint
DELETE FROM "member_first_bookings";--> statement-breakpoint
INSERT INTO "member_first_bookings" (organization_id, member_id, booking_id, created_at)
SELECT DISTINCT ON (organization_id, member_id) organization_id, member_id, id, created_at
FROM "bookings" ORDER BY organization_id, member_id, created_at, starts_at, id;
