CREATE TABLE "household_members" (
	"organization_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_members_pkey" PRIMARY KEY("organization_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"payer_member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "households_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "households_name_check" CHECK (length(trim("households"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payer_member_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payment_group" text;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_household_fk" FOREIGN KEY ("organization_id","household_id") REFERENCES "public"."households"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_payer_fk" FOREIGN KEY ("organization_id","payer_member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_members_org_household_idx" ON "household_members" USING btree ("organization_id","household_id");--> statement-breakpoint
CREATE INDEX "households_org_payer_idx" ON "households" USING btree ("organization_id","payer_member_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payer_fk" FOREIGN KEY ("organization_id","payer_member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE set null (payer_member_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_org_group_idx" ON "ledger_entries" USING btree ("organization_id","payment_group") WHERE "ledger_entries"."payment_group" is not null;--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('households');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('household_members');
