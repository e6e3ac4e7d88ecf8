-- Each member's access history as spans of days (member_access_spans;
-- docs/decisions/0023-member-access-spans.md): the Members report, the member analytics and the
-- at-risk list read a few rows per member instead of every membership and pause of the studio.
-- Three kinds of span, each a run of days [lo, hi) (hi null: open-ended):
--   started  from the first day of the member's first access membership (one row per member);
--   covered  days an access membership covers (start date to its last covered day);
--   active   covered days on which at least one covering membership is not paused.
-- Access memberships are every plan kind but add-ons. The last covered day is the end date, or
-- the start date for a stopped open-ended membership, or none (still open): the rules of
-- packages/domain/src/report-rules.ts (lastCoveredDay, coversDay, pausedOn, memberStatusOn).
-- Kept by statement-level triggers in the same transaction as every change to memberships,
-- membership pauses and a plan's kind. Installed by migration 0030.

CREATE OR REPLACE FUNCTION fitbase_member_access_refresh(orgs uuid[], member_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w_orgs uuid[];
  w_ids uuid[];
BEGIN
  -- `orgs` and `member_ids`, pairwise: the members whose access history may have changed.
  -- Their rows are locked first, in key order: a concurrent refresh of the same member waits for
  -- this transaction, then reads its memberships as committed (each statement of a plpgsql
  -- function reads a new snapshot under READ COMMITTED). Writers of memberships already update
  -- the member's row in the same transaction, so this adds no wait of its own. Members a cascade
  -- is deleting are not found, and get no spans (their old ones go with them).
  SELECT array_agg(o), array_agg(i) INTO w_orgs, w_ids FROM (
    SELECT m.organization_id AS o, m.id AS i FROM members m
    JOIN (SELECT DISTINCT x.o, x.i FROM unnest(orgs, member_ids) AS x(o, i)) w
      ON m.organization_id = w.o AND m.id = w.i
    ORDER BY 1, 2
    FOR NO KEY UPDATE OF m
  ) locked;
  IF w_ids IS NULL THEN RETURN; END IF;
  DELETE FROM member_access_spans s USING unnest(w_orgs, w_ids) AS w(o, i)
  WHERE s.organization_id = w.o AND s.member_id = w.i;
  INSERT INTO member_access_spans (organization_id, member_id, kind, lo, hi)
  WITH access AS (
    SELECT m.organization_id, m.member_id, m.id, m.start_date,
      datemultirange(daterange(m.start_date,
        coalesce(m.end_date, CASE WHEN m.status IN ('cancelled', 'expired') THEN m.start_date END),
        '[]')) AS covered
    FROM unnest(w_orgs, w_ids) AS w(o, i)
    JOIN memberships m ON m.organization_id = w.o AND m.member_id = w.i
    JOIN plans p ON p.organization_id = m.organization_id AND p.id = m.plan_id
    WHERE p.kind <> 'add_on'
  ), per_membership AS (
    SELECT a.organization_id, a.member_id, a.start_date, a.covered,
      a.covered - coalesce((
        SELECT range_agg(daterange(mp.paused_on, mp.resumed_on)) FROM membership_pauses mp
        WHERE mp.organization_id = a.organization_id AND mp.membership_id = a.id
      ), '{}') AS active
    FROM access a
  ), history AS (
    SELECT organization_id, member_id, min(start_date) AS first_start,
      range_agg(covered) AS covered, range_agg(active) AS active
    FROM per_membership GROUP BY 1, 2
  )
  SELECT organization_id, member_id, 'started', first_start, NULL::date FROM history
  UNION ALL
  SELECT h.organization_id, h.member_id, 'covered', lower(r), upper(r) FROM history h, unnest(h.covered) r
  UNION ALL
  SELECT h.organization_id, h.member_id, 'active', lower(r), upper(r) FROM history h, unnest(h.active) r;
END $$;

CREATE OR REPLACE FUNCTION fitbase_member_access_on_membership() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(organization_id), array_agg(member_id) INTO orgs, ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(organization_id), array_agg(member_id) INTO orgs, ids FROM old_rows;
  ELSE
    -- Only what decides the days (member, plan, dates, a stop) matters: a billing run's
    -- next_billing_date or credits changes refresh nobody.
    SELECT array_agg(c.organization_id), array_agg(c.member_id) INTO orgs, ids FROM (
      SELECT n.organization_id, n.member_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.member_id, n.plan_id, n.start_date, n.end_date, n.status)
        IS DISTINCT FROM (o.member_id, o.plan_id, o.start_date, o.end_date, o.status)
      UNION
      SELECT o.organization_id, o.member_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.member_id, n.plan_id, n.start_date, n.end_date, n.status)
        IS DISTINCT FROM (o.member_id, o.plan_id, o.start_date, o.end_date, o.status)
    ) c;
  END IF;
  IF ids IS NOT NULL THEN PERFORM fitbase_member_access_refresh(orgs, ids); END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS "memberships_access_insert" ON "memberships";
CREATE TRIGGER "memberships_access_insert" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_access_on_membership();

DROP TRIGGER IF EXISTS "memberships_access_update" ON "memberships";
CREATE TRIGGER "memberships_access_update" AFTER UPDATE ON "memberships" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_access_on_membership();

DROP TRIGGER IF EXISTS "memberships_access_delete" ON "memberships";
CREATE TRIGGER "memberships_access_delete" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_access_on_membership();

CREATE OR REPLACE FUNCTION fitbase_member_access_on_pause() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  ids uuid[];
BEGIN
  -- A pause deleted with its membership finds no membership here: the membership's own trigger
  -- refreshes its member.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(m.organization_id), array_agg(m.member_id) INTO orgs, ids
    FROM new_rows p JOIN memberships m ON m.organization_id = p.organization_id AND m.id = p.membership_id;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(m.organization_id), array_agg(m.member_id) INTO orgs, ids
    FROM old_rows p JOIN memberships m ON m.organization_id = p.organization_id AND m.id = p.membership_id;
  ELSE
    SELECT array_agg(m.organization_id), array_agg(m.member_id) INTO orgs, ids
    FROM (SELECT organization_id, membership_id FROM new_rows UNION SELECT organization_id, membership_id FROM old_rows) p
    JOIN memberships m ON m.organization_id = p.organization_id AND m.id = p.membership_id;
  END IF;
  IF ids IS NOT NULL THEN PERFORM fitbase_member_access_refresh(orgs, ids); END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS "membership_pauses_access_insert" ON "membership_pauses";
CREATE TRIGGER "membership_pauses_access_insert" AFTER INSERT ON "membership_pauses" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_access_on_pause();

DROP TRIGGER IF EXISTS "membership_pauses_access_update" ON "membership_pauses";
CREATE TRIGGER "membership_pauses_access_update" AFTER UPDATE ON "membership_pauses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_access_on_pause();

DROP TRIGGER IF EXISTS "membership_pauses_access_delete" ON "membership_pauses";
CREATE TRIGGER "membership_pauses_access_delete" AFTER DELETE ON "membership_pauses" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_access_on_pause();

CREATE OR REPLACE FUNCTION fitbase_member_access_on_plan() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  ids uuid[];
BEGIN
  -- A plan that becomes, or stops being, an add-on changes the access of everyone who holds it.
  SELECT array_agg(m.organization_id), array_agg(m.member_id) INTO orgs, ids
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  JOIN memberships m ON m.organization_id = n.organization_id AND m.plan_id = n.id
  WHERE (n.kind = 'add_on') IS DISTINCT FROM (o.kind = 'add_on');
  IF ids IS NOT NULL THEN PERFORM fitbase_member_access_refresh(orgs, ids); END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS "plans_access_update" ON "plans";
CREATE TRIGGER "plans_access_update" AFTER UPDATE ON "plans" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_member_access_on_plan();
