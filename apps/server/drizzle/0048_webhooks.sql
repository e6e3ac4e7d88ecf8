CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"secret_rotated_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"object_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb,
	"dispatched_at" timestamp with time zone,
	CONSTRAINT "webhook_events_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_secrets" (
	"endpoint_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY ("organization_id","delivery_id") REFERENCES "public"."webhook_deliveries"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("organization_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."webhook_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_secrets" ADD CONSTRAINT "webhook_secrets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_secrets" ADD CONSTRAINT "webhook_secrets_endpoint_fk" FOREIGN KEY ("organization_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("organization_id","endpoint_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("organization_id","endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_org_enabled_idx" ON "webhook_endpoints" USING btree ("organization_id") WHERE "webhook_endpoints"."enabled";--> statement-breakpoint
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events" USING btree ("seq") WHERE "webhook_events"."dispatched_at" is null;
--> statement-breakpoint

-- From src/modules/webhooks/sql/webhooks.sql
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
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture ON members;--> statement-breakpoint
CREATE TRIGGER webhook_capture AFTER INSERT ON members
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture_update ON members;--> statement-breakpoint
CREATE TRIGGER webhook_capture_update AFTER UPDATE ON members
	FOR EACH ROW WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
	EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture ON memberships;--> statement-breakpoint
CREATE TRIGGER webhook_capture AFTER INSERT ON memberships
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture_update ON memberships;--> statement-breakpoint
CREATE TRIGGER webhook_capture_update AFTER UPDATE ON memberships
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('paused', 'cancelled'))
	EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture ON bookings;--> statement-breakpoint
CREATE TRIGGER webhook_capture AFTER INSERT ON bookings
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture_update ON bookings;--> statement-breakpoint
CREATE TRIGGER webhook_capture_update AFTER UPDATE ON bookings
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status = 'cancelled')
	EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture ON member_visits;--> statement-breakpoint
CREATE TRIGGER webhook_capture AFTER INSERT ON member_visits
	FOR EACH ROW WHEN (NEW.visit_type = 'check_in')
	EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture ON ledger_entries;--> statement-breakpoint
CREATE TRIGGER webhook_capture AFTER INSERT ON ledger_entries
	FOR EACH ROW WHEN (NEW.kind = 'refund' OR (NEW.kind = 'charge' AND NEW.status IN ('paid', 'failed')))
	EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture_update ON ledger_entries;--> statement-breakpoint
CREATE TRIGGER webhook_capture_update AFTER UPDATE ON ledger_entries
	FOR EACH ROW WHEN (NEW.kind = 'charge' AND OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('paid', 'failed'))
	EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture ON orders;--> statement-breakpoint
CREATE TRIGGER webhook_capture AFTER INSERT ON orders
	FOR EACH ROW WHEN (NEW.status = 'paid')
	EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture ON leads;--> statement-breakpoint
CREATE TRIGGER webhook_capture AFTER INSERT ON leads
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();--> statement-breakpoint
DROP TRIGGER IF EXISTS webhook_capture ON waiver_signatures;--> statement-breakpoint
CREATE TRIGGER webhook_capture AFTER INSERT ON waiver_signatures
	FOR EACH ROW EXECUTE FUNCTION fitbase_webhook_capture();
--> statement-breakpoint
-- Settings › Webhooks is audited like every other setting; the signing secret lives in
-- webhook_secrets, which is not, so it never reaches the log.
SELECT fitbase_enable_audit('webhook_endpoints', 'INSERT OR UPDATE OR DELETE', '{failing_since,last_success_at}');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('webhook_endpoints');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('webhook_secrets');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('webhook_events');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('webhook_deliveries');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('webhook_attempts');
