-- The daily sales summary (sales_daily; docs/decisions/0022-report-summaries-kept-by-triggers.md):
-- the Sales report, its breakdown and the analytics revenue charts read a few rows per studio day
-- instead of every ledger row of the period. Each sale keeps the category and plan it was sold in
-- (ledger_entries.sales_category, sales_plan_id), decided once when the row is written; writers
-- append signed deltas, one row per ledger statement and key, and the reports.compact-sales job
-- merges a day's deltas (fitbase_compact_sales_daily). Installed by migration 0028;
-- fitbase_is_sale added, and the triggers reading it, in 0044.

-- What counts as a sale, the one definition: a charge or a refund that was paid (a refunded
-- charge was paid first). The summary's triggers below and every TypeScript read
-- (db/ledger-sale.ts `isSale`) call it. A one-expression IMMUTABLE SQL function is inlined by
-- the planner, so a query reads it as the expression itself, and the ledger's partial indexes
-- (kind and status in their predicates) still serve it.
CREATE OR REPLACE FUNCTION fitbase_is_sale(kind text, status text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT kind IN ('charge', 'refund') AND status IN ('paid', 'refunded')
$$;

CREATE OR REPLACE FUNCTION fitbase_ledger_sales_category() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plan_kind text;
BEGIN
  IF NEW.kind NOT IN ('charge', 'refund') THEN RETURN NEW; END IF;
  IF NEW.kind = 'refund' AND NEW.corrects_id IS NOT NULL THEN
    SELECT c.sales_category, c.sales_plan_id INTO NEW.sales_category, NEW.sales_plan_id
    FROM ledger_entries c WHERE c.organization_id = NEW.organization_id AND c.id = NEW.corrects_id;
    IF NEW.sales_category IS NOT NULL THEN RETURN NEW; END IF;
  END IF;
  IF NEW.membership_id IS NOT NULL THEN
    SELECT p.id, p.kind INTO NEW.sales_plan_id, plan_kind
    FROM memberships m JOIN plans p ON p.organization_id = m.organization_id AND p.id = m.plan_id
    WHERE m.organization_id = NEW.organization_id AND m.id = NEW.membership_id;
  END IF;
  NEW.sales_category := CASE
    WHEN NEW.purpose = 'order' THEN 'retail'
    WHEN NEW.purpose IN ('signup_fee', 'fee') THEN 'fees'
    WHEN plan_kind = 'class_pack' THEN 'packs'
    WHEN plan_kind = 'drop_in' THEN 'drop_ins'
    -- membership, trial and add-on plans (and a plan charge without a membership)
    ELSE 'memberships'
  END;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS ledger_entries_sales_category ON "ledger_entries";
CREATE TRIGGER ledger_entries_sales_category BEFORE INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION fitbase_ledger_sales_category();

-- Inserts and status changes (pending → paid, a user's deletion clearing recorded_by): the new
-- rows' contribution minus the old rows'. Deletes need nothing: the ledger refuses them except as
-- a studio's own deletion, which removes its summary by cascade.
CREATE OR REPLACE FUNCTION fitbase_sales_daily_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sales_daily (organization_id, day, category, plan_id, method, provider, recorded_by, charges, amount, refunds)
    SELECT n.organization_id, (n.occurred_at AT TIME ZONE o.timezone)::date, n.sales_category,
      n.sales_plan_id, n.method, n.provider, n.recorded_by, count(*) FILTER (WHERE n.kind = 'charge'),
      sum(n.amount), coalesce(sum(n.amount) FILTER (WHERE n.kind = 'refund'), 0)
    FROM new_rows n JOIN organizations o ON o.id = n.organization_id
    WHERE fitbase_is_sale(n.kind, n.status)
    GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSE
    INSERT INTO sales_daily (organization_id, day, category, plan_id, method, provider, recorded_by, charges, amount, refunds)
    SELECT c.organization_id, (c.occurred_at AT TIME ZONE o.timezone)::date, c.sales_category,
      c.sales_plan_id, c.method, c.provider, c.recorded_by, coalesce(sum(c.sign) FILTER (WHERE c.kind = 'charge'), 0),
      sum(c.sign * c.amount), coalesce(sum(c.sign * c.amount) FILTER (WHERE c.kind = 'refund'), 0)
    FROM (
      SELECT n.*, 1 AS sign FROM new_rows n
      WHERE fitbase_is_sale(n.kind, n.status)
      UNION ALL
      SELECT d.*, -1 FROM old_rows d
      WHERE fitbase_is_sale(d.kind, d.status)
    ) c JOIN organizations o ON o.id = c.organization_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount) <> 0;
  END IF;
  RETURN NULL;
END $$;

-- The same sums from the ledger itself: the first fill, and a rebuild when a studio's time zone
-- changes (its days move).
CREATE OR REPLACE FUNCTION fitbase_rebuild_sales_daily(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_daily WHERE org IS NULL OR organization_id = org;
  INSERT INTO sales_daily (organization_id, day, category, plan_id, method, provider, recorded_by, charges, amount, refunds, compacted)
  SELECT le.organization_id, (le.occurred_at AT TIME ZONE o.timezone)::date, le.sales_category,
    le.sales_plan_id, le.method, le.provider, le.recorded_by, count(*) FILTER (WHERE le.kind = 'charge'),
    sum(le.amount), coalesce(sum(le.amount) FILTER (WHERE le.kind = 'refund'), 0), true
  FROM ledger_entries le JOIN organizations o ON o.id = le.organization_id
  WHERE (org IS NULL OR le.organization_id = org)
    AND fitbase_is_sale(le.kind, le.status)
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
END $$;

CREATE OR REPLACE FUNCTION fitbase_sales_daily_on_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fitbase_rebuild_sales_daily(NEW.id);
  RETURN NULL;
END $$;

-- Merges each day's deltas into one row per key. Every row it reads it deletes, and it writes
-- back their sums: deltas committed meanwhile are not in its snapshot and stay as they are, and
-- a second run at the same time skips rows the first deleted (their sums are written once).
CREATE OR REPLACE FUNCTION fitbase_compact_sales_daily() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  merged integer;
BEGIN
  WITH days AS (
    SELECT DISTINCT organization_id, day FROM sales_daily WHERE NOT compacted
  ), taken AS (
    DELETE FROM sales_daily s USING days
    WHERE s.organization_id = days.organization_id AND s.day = days.day
    RETURNING s.*
  ), written AS (
    INSERT INTO sales_daily (organization_id, day, category, plan_id, method, provider, recorded_by, charges, amount, refunds, compacted)
    SELECT organization_id, day, category, plan_id, method, provider, recorded_by, sum(charges), sum(amount), sum(refunds), true
    FROM taken GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(charges) <> 0 OR sum(amount) <> 0 OR sum(refunds) <> 0
    RETURNING 1
  )
  SELECT count(*) INTO merged FROM taken;
  RETURN merged;
END $$;

DROP TRIGGER IF EXISTS ledger_entries_sales_daily_insert ON "ledger_entries";
CREATE TRIGGER ledger_entries_sales_daily_insert AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_sales_daily_on_change();

DROP TRIGGER IF EXISTS ledger_entries_sales_daily_update ON "ledger_entries";
CREATE TRIGGER ledger_entries_sales_daily_update AFTER UPDATE ON "ledger_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fitbase_sales_daily_on_change();

DROP TRIGGER IF EXISTS organizations_sales_daily_time_zone ON "organizations";
CREATE TRIGGER organizations_sales_daily_time_zone AFTER UPDATE OF "timezone" ON "organizations"
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION fitbase_sales_daily_on_time_zone();
