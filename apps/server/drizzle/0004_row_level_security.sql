-- Row-level security behind the application's own `organization_id` filters
-- (docs/decisions/0010-row-level-security.md). Studio requests run in a transaction that does
-- `SET LOCAL ROLE fitbase_app` and sets `app.organization_id`; that role sees and writes only
-- rows of that organization, so a query that forgets its `where` cannot leak another studio.
-- The connecting role (migrations, sign-in, platform work, background jobs) keeps full access
-- through its own policy. Hand-written: drizzle-kit writes neither roles nor policies.
DO $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fitbase_app') THEN
		BEGIN
			CREATE ROLE fitbase_app NOLOGIN;
		EXCEPTION WHEN duplicate_object OR unique_violation THEN
			-- Roles are shared by the whole cluster: a migration of another database created it first.
			NULL;
		END;
	END IF;
	-- SET ROLE needs membership unless the connecting role is a superuser.
	IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
		EXECUTE format('GRANT fitbase_app TO %I', current_user);
	END IF;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO fitbase_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO fitbase_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO fitbase_app;--> statement-breakpoint
-- Tables created by later migrations (run by the same role) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO fitbase_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO fitbase_app;--> statement-breakpoint
-- One function every organization-owned table goes through (this migration and later ones):
-- `key` is the column holding the organization id (`id` for organizations itself).
CREATE OR REPLACE FUNCTION fitbase_enable_tenant_rls(target regclass, key text DEFAULT 'organization_id')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
	EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
	EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', target);
	EXECUTE format(
		'CREATE POLICY tenant_isolation ON %s TO fitbase_app USING (%I = nullif(current_setting(''app.organization_id'', true), '''')::uuid) WITH CHECK (%I = nullif(current_setting(''app.organization_id'', true), '''')::uuid)',
		target, key, key);
	-- FORCE applies the policies to the table owner too; the owner (the connecting role) keeps
	-- full access by this explicit policy. Superusers bypass row-level security anyway.
	EXECUTE format('DROP POLICY IF EXISTS system_access ON %s', target);
	EXECUTE format('CREATE POLICY system_access ON %s TO %I USING (true) WITH CHECK (true)', target, current_user);
END $$;--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('organizations', 'id');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('organization_users');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('staff_invitations');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('members');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('member_payment_methods');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('member_visits');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('member_status_counts');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('gym_services');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('campaigns');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('automations');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('audiences');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('lead_sources');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('tags');
