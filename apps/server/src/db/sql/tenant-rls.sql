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
