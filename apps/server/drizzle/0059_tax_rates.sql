CREATE TABLE "tax_rates" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate" numeric(6, 4) NOT NULL,
	"inclusive" boolean NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "tax_rates_name_check" CHECK (length(trim("tax_rates"."name")) between 1 and 60),
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate" >= 0 and "tax_rates"."rate" < 100)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_purpose_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_method_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_provider_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_method_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "tax_lines" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gross" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_total" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "tax_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "fee_tax_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tax_rounding" text DEFAULT 'half_up' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_tax_rate_fk" FOREIGN KEY ("organization_id","tax_rate_id") REFERENCES "public"."tax_rates"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_rate_fk" FOREIGN KEY ("organization_id","tax_rate_id") REFERENCES "public"."tax_rates"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'write_off', 'gift_card_sale'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_purpose_check" CHECK ("ledger_entries"."purpose" in ('plan', 'signup_fee', 'order', 'fee', 'gift_card'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_method_check" CHECK ("ledger_entries"."method" in ('card', 'cash', 'other', 'gift_card'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_provider_check" CHECK ("ledger_entries"."provider" in ('demo', 'manual', 'gift_card'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_method_check" CHECK ("orders"."method" in ('card', 'cash', 'other', 'gift_card'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_tax_rounding_check" CHECK ("organizations"."tax_rounding" in ('half_up', 'half_even'));--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('tax_rates');