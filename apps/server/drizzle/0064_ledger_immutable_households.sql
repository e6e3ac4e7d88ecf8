-- Custom SQL migration file, put your code below! --

-- From src/modules/payments/sql/ledger-immutable.sql
-- Installed by migration 0010; the household columns (payer_member_id, payment_group) since 0064.
-- The ledger is append-only: what a row says happened (kind, purpose, amount, who, what for) never
-- changes. Only a charge's status moves on (pending → paid | failed, paid → refunded), and a
-- deleted member or payment method leaves the row with a null reference.
CREATE OR REPLACE FUNCTION fitbase_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only a cascade (a studio's own deletion) removes ledger rows; a direct DELETE never does.
    IF pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.purpose IS DISTINCT FROM OLD.purpose
     OR NEW.amount IS DISTINCT FROM OLD.amount OR NEW.organization_id IS DISTINCT FROM OLD.organization_id
     OR NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key OR NEW.corrects_id IS DISTINCT FROM OLD.corrects_id
     OR NEW.occurred_at IS DISTINCT FROM OLD.occurred_at AND OLD.status <> 'pending'
     -- Households: a group's one receipt depends on its rows (sql/receipts.sql), and who paid is a
     -- fact of the sale; a deleted payer leaves null, like member_id.
     OR NEW.payment_group IS DISTINCT FROM OLD.payment_group
     OR NEW.payer_member_id IS DISTINCT FROM OLD.payer_member_id AND NEW.payer_member_id IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.status <> NEW.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('paid', 'failed'))
    OR (OLD.status = 'paid' AND NEW.status = 'refunded')) THEN
    RAISE EXCEPTION 'ledger status % cannot become %', OLD.status, NEW.status USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_entries_immutable ON "ledger_entries";--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION fitbase_ledger_immutable();
