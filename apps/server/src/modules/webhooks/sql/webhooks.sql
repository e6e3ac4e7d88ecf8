-- Webhook events captured by triggers (docs/decisions/0034-webhook-delivery.md): every code path
-- that changes a member, a membership, a booking, a check-in, a payment, an order, a lead or a
-- waiver signature (front desk, portal, kiosk, billing run, import) records the event in its own
-- transaction, so an event exists exactly when its change committed.
-- Installed by migration 0048.

-- One function for every captured table; the triggers' WHEN clauses already keep out the updates
-- no event is about, so most writes never call it. A studio with no enabled endpoint listening for
-- the event pays one probe of a small partial index. SECURITY DEFINER: the capture works whatever
-- role the writer runs as (tenant role with or without a studio actor, background jobs).
-- The NOTIFY, sent only when an event was recorded, wakes the dispatcher at commit (never for a
-- rolled-back change); studios without endpoints never send it (docs/decisions/0020, NOTIFY cost).
CREATE OR REPLACE FUNCTION fitbase_webhook_capture() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	kind text;
BEGIN
	-- One IF per table: PL/pgSQL plans an expression with NEW's row type, so a column is only
	-- named in the branch of the table that has it.
	IF TG_TABLE_NAME = 'members' THEN
		kind := CASE TG_OP WHEN 'INSERT' THEN 'member.created' ELSE 'member.updated' END;
	ELSIF TG_TABLE_NAME = 'memberships' THEN
		IF TG_OP = 'INSERT' THEN
			kind := 'membership.started';
		ELSIF NEW.status = 'paused' THEN
			kind := 'membership.paused';
		ELSIF NEW.status = 'cancelled' THEN
			kind := 'membership.cancelled';
		END IF;
	ELSIF TG_TABLE_NAME = 'bookings' THEN
		kind := CASE TG_OP WHEN 'INSERT' THEN 'booking.created' ELSE 'booking.cancelled' END;
	ELSIF TG_TABLE_NAME = 'member_visits' THEN
		kind := 'check_in.created';
	ELSIF TG_TABLE_NAME = 'ledger_entries' THEN
		IF NEW.kind = 'refund' THEN
			kind := 'payment.refunded';
		ELSIF NEW.status = 'paid' THEN
			kind := 'payment.succeeded';
		ELSIF NEW.status = 'failed' THEN
			kind := 'payment.failed';
		END IF;
	ELSIF TG_TABLE_NAME = 'orders' THEN
		kind := 'order.completed';
	ELSIF TG_TABLE_NAME = 'leads' THEN
		kind := 'lead.created';
	ELSIF TG_TABLE_NAME = 'waiver_signatures' THEN
		kind := 'waiver.signed';
	END IF;
	IF kind IS NULL OR NOT EXISTS (
		SELECT 1 FROM webhook_endpoints e
		WHERE e.organization_id = NEW.organization_id AND e.enabled AND kind = ANY (e.events)
	) THEN
		RETURN NULL;
	END IF;
	INSERT INTO webhook_events (organization_id, type, object_id) VALUES (NEW.organization_id, kind, NEW.id);
	PERFORM pg_notify('fitbase_webhooks', '');
	RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS webhook_capture ON members;
CREATE TRIGGER webhook_capture AFTER INSERT ON members
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();
DROP TRIGGER IF EXISTS webhook_capture_update ON members;
CREATE TRIGGER webhook_capture_update AFTER UPDATE ON members
	FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
	EXECUTE FUNCTION fitbase_webhook_capture();

DROP TRIGGER IF EXISTS webhook_capture ON memberships;
CREATE TRIGGER webhook_capture AFTER INSERT ON memberships
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();
DROP TRIGGER IF EXISTS webhook_capture_update ON memberships;
CREATE TRIGGER webhook_capture_update AFTER UPDATE ON memberships
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('paused', 'cancelled'))
	EXECUTE FUNCTION fitbase_webhook_capture();

DROP TRIGGER IF EXISTS webhook_capture ON bookings;
CREATE TRIGGER webhook_capture AFTER INSERT ON bookings
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();
DROP TRIGGER IF EXISTS webhook_capture_update ON bookings;
CREATE TRIGGER webhook_capture_update AFTER UPDATE ON bookings
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status = 'cancelled')
	EXECUTE FUNCTION fitbase_webhook_capture();

DROP TRIGGER IF EXISTS webhook_capture ON member_visits;
CREATE TRIGGER webhook_capture AFTER INSERT ON member_visits
	FOR EACH ROW WHEN (NEW.visit_type = 'check_in')
	EXECUTE FUNCTION fitbase_webhook_capture();

DROP TRIGGER IF EXISTS webhook_capture ON ledger_entries;
CREATE TRIGGER webhook_capture AFTER INSERT ON ledger_entries
	FOR EACH ROW WHEN (NEW.kind = 'refund' OR (NEW.kind = 'charge' AND NEW.status IN ('paid', 'failed')))
	EXECUTE FUNCTION fitbase_webhook_capture();
DROP TRIGGER IF EXISTS webhook_capture_update ON ledger_entries;
CREATE TRIGGER webhook_capture_update AFTER UPDATE ON ledger_entries
	FOR EACH ROW WHEN (NEW.kind = 'charge' AND OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('paid', 'failed'))
	EXECUTE FUNCTION fitbase_webhook_capture();

DROP TRIGGER IF EXISTS webhook_capture ON orders;
CREATE TRIGGER webhook_capture AFTER INSERT ON orders
	FOR EACH ROW WHEN (NEW.status = 'paid')
	EXECUTE FUNCTION fitbase_webhook_capture();

DROP TRIGGER IF EXISTS webhook_capture ON leads;
CREATE TRIGGER webhook_capture AFTER INSERT ON leads
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();

DROP TRIGGER IF EXISTS webhook_capture ON waiver_signatures;
CREATE TRIGGER webhook_capture AFTER INSERT ON waiver_signatures
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();
