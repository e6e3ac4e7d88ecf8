CREATE TABLE "gift_card_movements" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"balance_after" numeric(10, 2) NOT NULL,
	"ledger_key" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_movements_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "gift_card_movements_kind_check" CHECK ("gift_card_movements"."kind" in ('issue', 'redeem', 'refund')),
	CONSTRAINT "gift_card_movements_sign_check" CHECK (case "gift_card_movements"."kind" when 'redeem' then "gift_card_movements"."amount" < 0 else "gift_card_movements"."amount" > 0 end),
	CONSTRAINT "gift_card_movements_after_check" CHECK ("gift_card_movements"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"code_last_four" text NOT NULL,
	"initial_amount" numeric(10, 2) NOT NULL,
	"currency" text NOT NULL,
	"balance" numeric(10, 2) NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_name" text,
	"message" text,
	"purchaser_member_id" uuid,
	"sale_entry_id" uuid,
	"sold_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_pkey" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "gift_cards_amount_check" CHECK ("gift_cards"."initial_amount" > 0 and "gift_cards"."initial_amount" <= 100000),
	CONSTRAINT "gift_cards_balance_check" CHECK ("gift_cards"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_corrects_check";--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_card_fk" FOREIGN KEY ("organization_id","gift_card_id") REFERENCES "public"."gift_cards"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_purchaser_fk" FOREIGN KEY ("organization_id","purchaser_member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE set null (purchaser_member_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_movements_org_card_idx" ON "gift_card_movements" USING btree ("organization_id","gift_card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_movements_org_key_idx" ON "gift_card_movements" USING btree ("organization_id","ledger_key");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_org_code_idx" ON "gift_cards" USING btree ("organization_id","code_hash");--> statement-breakpoint
CREATE INDEX "gift_cards_org_created_idx" ON "gift_cards" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_corrects_check" CHECK (("ledger_entries"."kind" in ('refund', 'write_off')) = ("ledger_entries"."corrects_id" is not null));--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('gift_cards');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('gift_card_movements');
