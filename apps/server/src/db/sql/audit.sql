-- The audit log, written by a row trigger in the same transaction as the change
-- (docs/decisions/0017-audit-log-by-trigger.md). Installed by migration 0020; fitbase_enable_audit
-- last changed in 0021 (the counters argument), fitbase_audit in 0046 (a change made with an API
-- key is recorded with the key as its actor). Migrations call fitbase_enable_audit('<table>') for each studio table; it creates the
-- `audit` and `audit_update` triggers declared below.
-- @dynamic-triggers audit, audit_update

-- Every change made while a staff request's `app.user_id` is set (context.queries.ts,
-- run-in-studio.ts), or an API key request's `app.api_key_id` (context/api-key-context.ts), is
-- recorded in the same transaction: who, what, when, from which address, and for an update
-- only the columns that changed (before -> after). Background jobs set no actor and are not
-- recorded. Large or secret columns are left out: an import's file, logo bytes,
-- reply tokens, and what would let a reader of the log check in as a member or act as a kiosk
-- (a member's check-in code and kiosk PIN hash, a kiosk's token and pairing code hashes).
CREATE OR REPLACE FUNCTION fitbase_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor text := nullif(current_setting('app.user_id', true), '');
	api_key uuid := nullif(current_setting('app.api_key_id', true), '')::uuid;
	hidden text[] := ARRAY['file_text', 'data', 'reply_token', 'check_in_code', 'kiosk_pin_hash', 'token_hash', 'pairing_code_hash', 'key_hash'];
	old_row jsonb;
	new_row jsonb;
	full_row jsonb;
	org text;
	rec text;
BEGIN
	IF actor IS NULL AND api_key IS NULL THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		old_row := to_jsonb(OLD) - hidden;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		new_row := to_jsonb(NEW) - hidden;
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
		FROM jsonb_each(to_jsonb(NEW) - hidden) n
		WHERE n.key <> 'updated_at' AND (old_row -> n.key) IS DISTINCT FROM n.value;
		IF new_row IS NULL THEN
			RETURN NULL;
		END IF;
	END IF;
	INSERT INTO audit_log (organization_id, actor_user_id, actor_api_key_id, actor_ip, action, table_name, record_id, before, after)
	VALUES (org::uuid, actor, api_key, nullif(current_setting('app.client_ip', true), ''), lower(TG_OP), TG_TABLE_NAME, rec, old_row, new_row);
	RETURN NULL;
END $$;

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
END $$;

-- The audit log cannot be edited: no endpoint does it, and the database refuses it too. Deleting
-- a whole studio (organizations ON DELETE CASCADE) still removes its log.
CREATE OR REPLACE FUNCTION fitbase_audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id) THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'check_violation';
END $$;

DROP TRIGGER IF EXISTS audit_log_immutable ON audit_log;
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION fitbase_audit_log_immutable();
