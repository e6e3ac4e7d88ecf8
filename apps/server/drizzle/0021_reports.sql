CREATE TABLE "membership_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"paused_on" date NOT NULL,
	"resumed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_pauses_dates_check" CHECK ("membership_pauses"."resumed_on" is null or "membership_pauses"."resumed_on" >= "membership_pauses"."paused_on")
);
--> statement-breakpoint
ALTER TABLE "membership_pauses" ADD CONSTRAINT "membership_pauses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_pauses" ADD CONSTRAINT "membership_pauses_membership_fk" FOREIGN KEY ("organization_id","membership_id") REFERENCES "public"."memberships"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_pauses_org_membership_idx" ON "membership_pauses" USING btree ("organization_id","membership_id");--> statement-breakpoint
CREATE INDEX "memberships_org_start_idx" ON "memberships" USING btree ("organization_id","start_date");--> statement-breakpoint
CREATE INDEX "memberships_org_end_idx" ON "memberships" USING btree ("organization_id","end_date");--> statement-breakpoint
CREATE INDEX "bookings_org_created_idx" ON "bookings" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_org_member_created_idx" ON "bookings" USING btree ("organization_id","member_id","created_at");--> statement-breakpoint
-- Hand-written below (docs/product/reports-and-analytics.md): tenant row-level security for the
-- pause history, and the pauses running when it was added (earlier, resumed ones are unknown).
SELECT fitbase_enable_tenant_rls('membership_pauses');--> statement-breakpoint
INSERT INTO "membership_pauses" ("organization_id", "membership_id", "paused_on")
SELECT "organization_id", "id", "paused_on" FROM "memberships"
WHERE "status" = 'paused' AND "paused_on" IS NOT NULL;
--> statement-breakpoint
-- Global search of members (apps/server/src/modules/search/search.queries.ts): LIKE and pg_trgm's
-- `%>` are not leakproof, so under row-level security PostgreSQL may not use the trigram indexes
-- for them and a search that matches nothing scanned every member. This function runs as the
-- schema owner, reads the studio only from the transaction's `app.organization_id` (never from an
-- argument), and returns ids of that studio alone; the caller reads the rows under row-level
-- security. Tiers: 0 whole name or email, 1 a word starts with it, 2 contains it, 3 similar.
-- The name expression is the one of members_org_name_trgm_idx (migration 0001).
CREATE OR REPLACE FUNCTION fitbase_search_members(p_tier int, p_lower text, p_pattern text, p_email_like boolean, p_limit int)
RETURNS TABLE (id uuid, score real)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
	org uuid := nullif(current_setting('app.organization_id', true), '')::uuid;
BEGIN
	IF org IS NULL THEN
		RETURN;
	END IF;
	IF p_tier = 0 THEN
		RETURN QUERY SELECT m.id, 1::real FROM members m WHERE m.organization_id = org
			AND (lower(m.first_name || ' ' || m.last_name) LIKE p_pattern OR lower(m.email) = p_lower)
			LIMIT p_limit;
	ELSIF p_tier = 1 THEN
		RETURN QUERY SELECT m.id, 1::real FROM members m WHERE m.organization_id = org
			AND (lower(m.first_name || ' ' || m.last_name) LIKE p_pattern || '%'
				OR lower(m.first_name || ' ' || m.last_name) LIKE '% ' || p_pattern || '%'
				OR (p_email_like AND lower(m.email) LIKE p_pattern || '%'))
			LIMIT p_limit;
	ELSIF p_tier = 2 THEN
		RETURN QUERY SELECT m.id, 1::real FROM members m WHERE m.organization_id = org
			AND (lower(m.first_name || ' ' || m.last_name) LIKE '%' || p_pattern || '%'
				OR (p_email_like AND lower(m.email) LIKE '%' || p_pattern || '%'))
			LIMIT p_limit;
	ELSE
		RETURN QUERY SELECT m.id, word_similarity(p_lower, lower(m.first_name || ' ' || m.last_name))
			FROM members m WHERE m.organization_id = org
			AND lower(m.first_name || ' ' || m.last_name) %> p_lower
			LIMIT p_limit;
	END IF;
END $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION fitbase_search_members(int, text, text, boolean, int) TO fitbase_app;--> statement-breakpoint
-- Counters the application keeps move on every booking (class_sessions
-- booked_count, waitlist_count): they are not staff changes (the booking itself is logged, with
-- its actor), so an update that changes nothing else (updated_at aside) writes no audit line and
-- does not even call fitbase_audit(): the trigger's WHEN compares the rows without those columns
-- (docs/decisions/0017-audit-log-by-trigger.md). The signature changes, hence DROP first.
DROP FUNCTION IF EXISTS fitbase_enable_audit(regclass, text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION fitbase_enable_audit(target regclass, ops text DEFAULT 'INSERT OR UPDATE OR DELETE', counters text[] DEFAULT '{}')
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	events text[] := string_to_array(upper(ops), ' OR ');
	others text[] := array_remove(string_to_array(upper(ops), ' OR '), 'UPDATE');
	ignored text := quote_literal(array_append(counters, 'updated_at')::text) || '::text[]';
BEGIN
	EXECUTE format('DROP TRIGGER IF EXISTS audit ON %s', target);
	EXECUTE format('DROP TRIGGER IF EXISTS audit_update ON %s', target);
	IF cardinality(counters) = 0 OR NOT ('UPDATE' = ANY (events)) THEN
		EXECUTE format('CREATE TRIGGER audit AFTER %s ON %s FOR EACH ROW EXECUTE FUNCTION fitbase_audit()', ops, target);
		RETURN;
	END IF;
	IF cardinality(others) > 0 THEN
		EXECUTE format('CREATE TRIGGER audit AFTER %s ON %s FOR EACH ROW EXECUTE FUNCTION fitbase_audit()', array_to_string(others, ' OR '), target);
	END IF;
	EXECUTE format(
		'CREATE TRIGGER audit_update AFTER UPDATE ON %s FOR EACH ROW WHEN ((to_jsonb(OLD) - %s) IS DISTINCT FROM (to_jsonb(NEW) - %s)) EXECUTE FUNCTION fitbase_audit()',
		target, ignored, ignored);
END $$;--> statement-breakpoint
SELECT fitbase_enable_audit('class_sessions', 'UPDATE OR DELETE', '{booked_count,waitlist_count}');
