CREATE TABLE "kiosk_check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"session_id" uuid,
	"booking_id" uuid,
	"visit_id" uuid,
	"checked_in_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"exception_code" text,
	"exception_message" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "kiosk_check_ins_org_client_key" UNIQUE("organization_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"identify_by" text DEFAULT 'phone_and_pin' NOT NULL,
	"window_before_minutes" integer DEFAULT 60 NOT NULL,
	"window_after_minutes" integer DEFAULT 15 NOT NULL,
	"pin_salt" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_settings_identify_by_check" CHECK ("kiosk_settings"."identify_by" in ('phone_and_pin', 'member_number')),
	CONSTRAINT "kiosk_settings_window_check" CHECK ("kiosk_settings"."window_before_minutes" between 0 and 720 and "kiosk_settings"."window_after_minutes" between 0 and 720)
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text,
	"pairing_code_hash" text,
	"pairing_expires_at" timestamp with time zone,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"failed_window_started_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosks_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "member_number" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "kiosk_pin_hash" text;--> statement-breakpoint
ALTER TABLE "kiosk_check_ins" ADD CONSTRAINT "kiosk_check_ins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_check_ins" ADD CONSTRAINT "kiosk_check_ins_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_check_ins" ADD CONSTRAINT "kiosk_check_ins_kiosk_fk" FOREIGN KEY ("organization_id","kiosk_id") REFERENCES "public"."kiosks"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_check_ins" ADD CONSTRAINT "kiosk_check_ins_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_settings" ADD CONSTRAINT "kiosk_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_check_ins_open_exceptions_idx" ON "kiosk_check_ins" USING btree ("organization_id","checked_in_at" DESC NULLS LAST) WHERE "kiosk_check_ins"."exception_code" is not null and "kiosk_check_ins"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_token_hash_idx" ON "kiosks" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_pairing_code_hash_idx" ON "kiosks" USING btree ("pairing_code_hash");--> statement-breakpoint
CREATE INDEX "kiosks_org_created_idx" ON "kiosks" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_org_number_idx" ON "members" USING btree ("organization_id","member_number");--> statement-breakpoint
CREATE INDEX "members_org_kiosk_pin_idx" ON "members" USING btree ("organization_id","kiosk_pin_hash") WHERE "members"."kiosk_pin_hash" is not null;--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('kiosks');
--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('kiosk_settings');
--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('kiosk_check_ins');
--> statement-breakpoint
-- Every member gets a number in their studio, in the order they joined.
UPDATE "members" m SET "member_number" = n.num
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "organization_id" ORDER BY "created_at", "id") AS num
  FROM "members"
) n
WHERE m."id" = n."id";
--> statement-breakpoint
-- New members take the next number of their studio; the lock makes two inserts of one studio
-- take turns (held to commit), so two never read the same maximum.
CREATE OR REPLACE FUNCTION "members_assign_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."member_number" IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('members_number:' || NEW."organization_id"::text, 0));
    SELECT coalesce(max("member_number"), 0) + 1 INTO NEW."member_number"
      FROM "members" WHERE "organization_id" = NEW."organization_id";
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "members_assign_number" BEFORE INSERT ON "members"
  FOR EACH ROW EXECUTE FUNCTION "members_assign_number"();
--> statement-breakpoint
-- The kiosk PIN is checked with the last 4 digits of the phone: when those change, the old PIN
-- hash can never match again, so it is cleared (the member sets a new PIN in the portal).
CREATE OR REPLACE FUNCTION "members_clear_kiosk_pin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF right(regexp_replace(coalesce(NEW."phone", ''), '\D', '', 'g'), 4)
     IS DISTINCT FROM right(regexp_replace(coalesce(OLD."phone", ''), '\D', '', 'g'), 4) THEN
    NEW."kiosk_pin_hash" := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "members_clear_kiosk_pin" BEFORE UPDATE OF "phone" ON "members"
  FOR EACH ROW EXECUTE FUNCTION "members_clear_kiosk_pin"();
