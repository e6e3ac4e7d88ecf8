CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_id" uuid,
	"user_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_owner_check" CHECK (("calendar_feeds"."member_id" is null) <> ("calendar_feeds"."user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_org_member_idx" ON "calendar_feeds" USING btree ("organization_id","member_id") WHERE "calendar_feeds"."member_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_org_user_idx" ON "calendar_feeds" USING btree ("organization_id","user_id") WHERE "calendar_feeds"."user_id" is not null;--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('calendar_feeds');
