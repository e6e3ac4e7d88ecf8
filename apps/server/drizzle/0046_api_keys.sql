CREATE TABLE "api_key_usage" (
	"api_key_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"admitted" boolean DEFAULT true NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "api_keys_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "api_keys_scope_check" CHECK ("api_keys"."scope" in ('read', 'write')),
	CONSTRAINT "api_keys_name_check" CHECK (length("api_keys"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_created_idx" ON "api_keys" USING btree ("organization_id","created_at");--> statement-breakpoint
-- A change made with an API key names the key as its actor (docs/decisions/0033-api-keys.md);
-- the key's hash stays out of the log.
-- From src/db/sql/audit.sql
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
END $$;--> statement-breakpoint
SELECT fitbase_enable_audit('api_keys', 'INSERT OR UPDATE OR DELETE');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('api_keys');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('api_key_usage');
