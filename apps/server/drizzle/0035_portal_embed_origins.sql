CREATE TABLE "portal_embed_origins" (
	"organization_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_embed_origins_organization_id_origin_pk" PRIMARY KEY("organization_id","origin")
);
--> statement-breakpoint
ALTER TABLE "portal_embed_origins" ADD CONSTRAINT "portal_embed_origins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('portal_embed_origins');
