-- The kiosk's secrets stay out of the audit log (docs/decisions/0031-offline-kiosk.md), and Settings › Kiosks is
-- audited like every other setting: a kiosk paired or revoked, the kiosk settings, an exception resolved.
-- A kiosk's own writes carry no actor and are not logged; its last-seen time and failed-try counter do not
-- even call the trigger (its WHEN).
-- From src/db/sql/audit.sql
-- The audit log, written by a row trigger in the same transaction as the change
-- (docs/decisions/0017-audit-log-by-trigger.md). Installed by migration 0020; fitbase_enable_audit
-- last changed in 0021 (the counters argument), fitbase_audit in 0043 (the kiosk's secrets left
-- out). Migrations call fitbase_enable_audit('<table>') for each studio table; it creates the
-- `audit` and `audit_update` triggers declared below.
-- @dynamic-triggers audit, audit_update

-- Every change made while a staff request's `app.user_id` is set (context.queries.ts,
-- run-in-studio.ts) is recorded in the same transaction: who, what, when, from which address,
-- and for an update only the columns that changed (before -> after). Background jobs set no
-- actor and are not recorded. Large or secret columns are left out: an import's file, logo bytes,
-- reply tokens, and what would let a reader of the log check in as a member or act as a kiosk
-- (a member's check-in code and kiosk PIN hash, a kiosk's token and pairing code hashes).
CREATE OR REPLACE FUNCTION fitbase_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor text := nullif(current_setting('app.user_id', true), '');
	hidden text[] := ARRAY['file_text', 'data', 'reply_token', 'check_in_code', 'kiosk_pin_hash', 'token_hash', 'pairing_code_hash'];
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
	INSERT INTO audit_log (organization_id, actor_user_id, actor_ip, action, table_name, record_id, before, after)
	VALUES (org::uuid, actor, nullif(current_setting('app.client_ip', true), ''), lower(TG_OP), TG_TABLE_NAME, rec, old_row, new_row);
	RETURN NULL;
END $$;--> statement-breakpoint
SELECT fitbase_enable_audit('kiosks', 'INSERT OR UPDATE OR DELETE', '{last_seen_at,failed_tries,failed_window_started_at}');--> statement-breakpoint
SELECT fitbase_enable_audit('kiosk_settings');--> statement-breakpoint
SELECT fitbase_enable_audit('kiosk_check_ins', 'UPDATE');
