CREATE TABLE "membership_rules" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"cancel_notice_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_rules_notice_check" CHECK ("membership_rules"."cancel_notice_days" between 0 and 180)
);
--> statement-breakpoint
ALTER TABLE "membership_rules" ADD CONSTRAINT "membership_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('membership_rules');
