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
-- Hand-written below (docs/product/reports-and-analytics.md): tenant row-level security for the
-- pause history, and the pauses running when it was added (earlier, resumed ones are unknown).
SELECT fitbase_enable_tenant_rls('membership_pauses');--> statement-breakpoint
INSERT INTO "membership_pauses" ("organization_id", "membership_id", "paused_on")
SELECT "organization_id", "id", "paused_on" FROM "memberships"
WHERE "status" = 'paused' AND "paused_on" IS NOT NULL;
