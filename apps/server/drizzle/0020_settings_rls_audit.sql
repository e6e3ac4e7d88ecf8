-- Settings and data (docs/product/settings-and-data.md): tenant row-level security for the new
-- studio tables, the audit log's trigger and its append-only rule, and trigram indexes for
-- global search. Hand-written: drizzle-kit does not write functions or triggers.
SELECT fitbase_enable_tenant_rls('organization_logos');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('notification_preferences');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('audit_log');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('subscription_invoices');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('data_imports');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('data_import_records');--> statement-breakpoint
-- Every change made while a staff request's `app.user_id` is set (context.queries.ts,
-- run-in-studio.ts) is recorded in the same transaction: who, what, when, from which address,
-- and for an update only the columns that changed (before -> after). Background jobs set no
-- actor and are not recorded. Large or secret columns are left out.
CREATE OR REPLACE FUNCTION fitbase_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor text := nullif(current_setting('app.user_id', true), '');
	old_row jsonb;
	new_row jsonb;
	full_row jsonb;
	org text;
	rec text;
BEGIN
	IF actor IS NULL THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		old_row := to_jsonb(OLD) - 'file_text' - 'data' - 'reply_token';
	END IF;
	IF TG_OP <> 'DELETE' THEN
		new_row := to_jsonb(NEW) - 'file_text' - 'data' - 'reply_token';
	END IF;
	full_row := coalesce(new_row, old_row);
	org := CASE WHEN TG_TABLE_NAME = 'organizations' THEN full_row ->> 'id' ELSE full_row ->> 'organization_id' END;
	IF org IS NULL THEN
		RETURN NULL;
	END IF;
	rec := coalesce(full_row ->> 'id', full_row ->> 'member_id', full_row ->> 'user_id');
	IF TG_OP = 'UPDATE' THEN
		SELECT jsonb_object_agg(n.key, old_row -> n.key), jsonb_object_agg(n.key, n.value)
		INTO old_row, new_row
		FROM jsonb_each(to_jsonb(NEW) - 'file_text' - 'data' - 'reply_token') n
		WHERE n.key <> 'updated_at' AND (old_row -> n.key) IS DISTINCT FROM n.value;
		IF new_row IS NULL THEN
			RETURN NULL;
		END IF;
	END IF;
	INSERT INTO audit_log (organization_id, actor_user_id, actor_ip, action, table_name, record_id, before, after)
	VALUES (org::uuid, actor, nullif(current_setting('app.client_ip', true), ''), lower(TG_OP), TG_TABLE_NAME, rec, old_row, new_row);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fitbase_enable_audit(target regclass, ops text DEFAULT 'INSERT OR UPDATE OR DELETE')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('DROP TRIGGER IF EXISTS audit ON %s', target);
	EXECUTE format('CREATE TRIGGER audit AFTER %s ON %s FOR EACH ROW EXECUTE FUNCTION fitbase_audit()', ops, target);
END $$;--> statement-breakpoint
SELECT fitbase_enable_audit('organizations', 'UPDATE');--> statement-breakpoint
SELECT fitbase_enable_audit('organization_users');--> statement-breakpoint
SELECT fitbase_enable_audit('staff_invitations');--> statement-breakpoint
SELECT fitbase_enable_audit('members');--> statement-breakpoint
SELECT fitbase_enable_audit('member_payment_methods');--> statement-breakpoint
SELECT fitbase_enable_audit('member_visits');--> statement-breakpoint
SELECT fitbase_enable_audit('gym_services');--> statement-breakpoint
SELECT fitbase_enable_audit('tags');--> statement-breakpoint
SELECT fitbase_enable_audit('member_tags');--> statement-breakpoint
SELECT fitbase_enable_audit('audiences');--> statement-breakpoint
SELECT fitbase_enable_audit('lead_sources');--> statement-breakpoint
SELECT fitbase_enable_audit('leads');--> statement-breakpoint
SELECT fitbase_enable_audit('campaigns');--> statement-breakpoint
SELECT fitbase_enable_audit('automations');--> statement-breakpoint
SELECT fitbase_enable_audit('email_templates');--> statement-breakpoint
SELECT fitbase_enable_audit('staff_tasks');--> statement-breakpoint
SELECT fitbase_enable_audit('plans');--> statement-breakpoint
SELECT fitbase_enable_audit('memberships');--> statement-breakpoint
SELECT fitbase_enable_audit('ledger_entries');--> statement-breakpoint
SELECT fitbase_enable_audit('products');--> statement-breakpoint
SELECT fitbase_enable_audit('discount_codes');--> statement-breakpoint
SELECT fitbase_enable_audit('orders');--> statement-breakpoint
SELECT fitbase_enable_audit('pay_rates');--> statement-breakpoint
SELECT fitbase_enable_audit('facilities');--> statement-breakpoint
SELECT fitbase_enable_audit('schedule_classes');--> statement-breakpoint
-- A new class generates its sessions: only later changes to one session are worth a line each.
SELECT fitbase_enable_audit('class_sessions', 'UPDATE OR DELETE');--> statement-breakpoint
SELECT fitbase_enable_audit('bookings');--> statement-breakpoint
SELECT fitbase_enable_audit('trainer_availability');--> statement-breakpoint
SELECT fitbase_enable_audit('schedule_settings');--> statement-breakpoint
SELECT fitbase_enable_audit('data_imports', 'INSERT OR DELETE');--> statement-breakpoint
-- The audit log cannot be edited: no endpoint does it, and the database refuses it too. Deleting
-- a whole studio (organizations ON DELETE CASCADE) still removes its log.
CREATE OR REPLACE FUNCTION fitbase_audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id) THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION fitbase_audit_log_immutable();--> statement-breakpoint
-- Global search (trigram, organization first like every tenant index).
CREATE INDEX IF NOT EXISTS "leads_org_name_trgm_idx" ON "leads" USING gin ("organization_id", (lower("first_name" || ' ' || "last_name" || ' ' || coalesce("email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_org_name_trgm_idx" ON "products" USING gin ("organization_id", (lower("name" || ' ' || "sku")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "schedule_classes_org_name_trgm_idx" ON "schedule_classes" USING gin ("organization_id", (lower("name")) gin_trgm_ops);
