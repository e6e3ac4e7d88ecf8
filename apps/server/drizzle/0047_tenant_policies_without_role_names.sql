-- Tenant policies name no login role (docs/decisions/0035-backups.md). Until now each table's
-- system_access policy named the role that ran the migration, so a backup restored into a
-- cluster where the application connects under another name left that role, the tables' new
-- owner, with row-level security forced and no policy: it saw no row. system_access now goes to
-- the NOLOGIN role fitbase_system, created once per cluster (like fitbase_app, migration 0004)
-- and granted to the connecting role; a restore under another role grants it to that role.
-- fitbase_app is never made a member of it.
DO $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fitbase_system') THEN
		BEGIN
			CREATE ROLE fitbase_system NOLOGIN;
		EXCEPTION WHEN duplicate_object OR unique_violation THEN
			-- Roles are shared by the whole cluster: a migration of another database created it first.
			NULL;
		END;
	END IF;
	IF NOT pg_has_role(current_user, 'fitbase_system', 'USAGE') THEN
		EXECUTE format('GRANT fitbase_system TO %I', current_user);
	END IF;
END $$;--> statement-breakpoint

-- From src/db/sql/tenant-rls.sql
-- Row-level security for organization-owned tables (docs/decisions/0010-row-level-security.md).
-- Installed by migration 0004 (system_access given to fitbase_system since 0047); every later
-- migration that adds a table with organization_id calls it (context/row-level-security.test.ts
-- fails until it does).

-- One function every organization-owned table goes through: `key` is the column holding the
-- organization id (`id` for organizations itself).
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
	-- full access by this explicit policy, given to the NOLOGIN role fitbase_system that the
	-- connecting role is a member of, not to the connecting role by name: a backup restored
	-- under another role name keeps working once that role is granted fitbase_system
	-- (docs/decisions/0035-backups.md). fitbase_app is never a member of it, so inside a studio
	-- request (SET LOCAL ROLE fitbase_app) only tenant_isolation applies. Superusers bypass
	-- row-level security anyway.
	EXECUTE format('DROP POLICY IF EXISTS system_access ON %s', target);
	EXECUTE format('CREATE POLICY system_access ON %s TO fitbase_system USING (true) WITH CHECK (true)', target);
END $$;
--> statement-breakpoint
-- The tables already policed get the new system_access policy.
DO $$
DECLARE
	item record;
BEGIN
	FOR item IN
		SELECT format('%I.%I', schemaname, tablename) AS target
		FROM pg_policies
		WHERE policyname = 'system_access' AND schemaname = 'public'
	LOOP
		EXECUTE format('DROP POLICY system_access ON %s', item.target);
		EXECUTE format('CREATE POLICY system_access ON %s TO fitbase_system USING (true) WITH CHECK (true)', item.target);
	END LOOP;
END $$;
