CREATE TABLE "home_dashboard_layouts" (
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"cards" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_dashboard_layouts_pkey" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "home_dashboard_layouts" ADD CONSTRAINT "home_dashboard_layouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_dashboard_layouts" ADD CONSTRAINT "home_dashboard_layouts_person_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."organization_users"("organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_org_unread_idx" ON "conversations" USING btree ("organization_id","unread_count") WHERE "conversations"."unread_count" > 0;--> statement-breakpoint
-- A person's cards are theirs in their studio: row-level security like every tenant table (ADR 0010).
SELECT fitbase_enable_tenant_rls('home_dashboard_layouts');