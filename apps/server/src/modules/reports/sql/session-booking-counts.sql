-- Each session's bookings counted by status (session_booking_counts): trainer insights, class
-- performance and no-shows read one row per session instead of every booking of the period. Kept
-- by statement-level triggers in the same transaction as every change to bookings, like
-- member_status_counts. Installed by migration 0029.

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
END $$;

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
END $$;

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
END $$;

DROP TRIGGER IF EXISTS "bookings_counts_insert" ON "bookings";
CREATE TRIGGER "bookings_counts_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_session_booking_counts_on_insert();

DROP TRIGGER IF EXISTS "bookings_counts_update" ON "bookings";
CREATE TRIGGER "bookings_counts_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_session_booking_counts_on_update();

DROP TRIGGER IF EXISTS "bookings_counts_delete" ON "bookings";
CREATE TRIGGER "bookings_counts_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_session_booking_counts_on_delete();
