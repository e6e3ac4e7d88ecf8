-- Each member's first booking ever made (member_first_bookings): created_at, then the earlier
-- session, then id (a course enrolment makes several bookings in one instant). Any write to a
-- member's bookings finds their first again (one probe of the covering index
-- bookings_org_member_first_idx), so inserts, moves and deletions agree. An insert can only move a
-- member's first booking earlier, so on insert the upsert replaces the kept row only with an
-- earlier one; ON CONFLICT compares with the kept row as committed, whatever the statement's
-- snapshot, so two first bookings made at once keep the earlier. Moves and deletions set what the
-- member's bookings say: they can move it later.
-- Installed by migration 0029, last changed in 0032 (only_earlier).

CREATE OR REPLACE FUNCTION fitbase_member_first_bookings_refresh(changed jsonb, only_earlier boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- `changed`: [{"o": organization_id, "m": member_id}], the members whose bookings changed;
  -- `only_earlier`: the change only added bookings (see above).
  WITH who AS (
    SELECT DISTINCT (x->>'o')::uuid AS organization_id, (x->>'m')::uuid AS member_id
    FROM jsonb_array_elements(changed) x
  ), firsts AS (
    SELECT w.organization_id, w.member_id, f.id, f.created_at, f.starts_at
    FROM who w
    CROSS JOIN LATERAL (
      SELECT b.id, b.created_at, b.starts_at FROM bookings b
      WHERE b.organization_id = w.organization_id AND b.member_id = w.member_id
      ORDER BY b.created_at, b.starts_at, b.id LIMIT 1
    ) f
  ), gone AS (
    DELETE FROM member_first_bookings mf USING who w
    WHERE mf.organization_id = w.organization_id AND mf.member_id = w.member_id
      AND NOT EXISTS (SELECT 1 FROM firsts f WHERE f.organization_id = w.organization_id AND f.member_id = w.member_id)
  )
  INSERT INTO member_first_bookings AS mf (organization_id, member_id, booking_id, created_at, starts_at)
  SELECT organization_id, member_id, id, created_at, starts_at FROM firsts
  -- A member whose row a cascade is deleting: nothing to keep.
  WHERE EXISTS (SELECT 1 FROM members m WHERE m.organization_id = firsts.organization_id AND m.id = firsts.member_id)
  ORDER BY 1, 2
  ON CONFLICT (organization_id, member_id) DO UPDATE SET booking_id = excluded.booking_id,
    created_at = excluded.created_at, starts_at = excluded.starts_at
  WHERE CASE WHEN only_earlier
    THEN (excluded.created_at, excluded.starts_at, excluded.booking_id) < (mf.created_at, mf.starts_at, mf.booking_id)
    ELSE (mf.booking_id, mf.created_at, mf.starts_at) IS DISTINCT FROM (excluded.booking_id, excluded.created_at, excluded.starts_at)
  END;
END $$;

CREATE OR REPLACE FUNCTION fitbase_member_first_bookings_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fitbase_member_first_bookings_refresh((SELECT jsonb_agg(DISTINCT jsonb_build_object('o', organization_id, 'm', member_id)) FROM new_rows), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fitbase_member_first_bookings_refresh((SELECT jsonb_agg(DISTINCT jsonb_build_object('o', organization_id, 'm', member_id)) FROM old_rows), false);
  ELSE
    -- Only a change of what orders a member's bookings (member, made, session start) matters.
    PERFORM fitbase_member_first_bookings_refresh((
      SELECT jsonb_agg(DISTINCT jsonb_build_object('o', c.organization_id, 'm', c.member_id)) FROM (
        SELECT n.organization_id, n.member_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.member_id, n.created_at, n.starts_at) IS DISTINCT FROM (o.member_id, o.created_at, o.starts_at)
        UNION ALL
        SELECT o.organization_id, o.member_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.member_id, n.created_at, n.starts_at) IS DISTINCT FROM (o.member_id, o.created_at, o.starts_at)
      ) c), false);
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS "bookings_first_insert" ON "bookings";
CREATE TRIGGER "bookings_first_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_first_bookings_on_change();

DROP TRIGGER IF EXISTS "bookings_first_update" ON "bookings";
CREATE TRIGGER "bookings_first_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_first_bookings_on_change();

DROP TRIGGER IF EXISTS "bookings_first_delete" ON "bookings";
CREATE TRIGGER "bookings_first_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_first_bookings_on_change();
