CREATE TABLE "portal_purchases" (
	"organization_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"membership_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_purchases_organization_id_member_id_idempotency_key_pk" PRIMARY KEY("organization_id","member_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "portal_purchases" ADD CONSTRAINT "portal_purchases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_purchases" ADD CONSTRAINT "portal_purchases_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('portal_purchases');
