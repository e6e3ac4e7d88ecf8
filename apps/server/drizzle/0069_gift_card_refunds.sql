ALTER TABLE "gift_card_movements" DROP CONSTRAINT "gift_card_movements_kind_check";--> statement-breakpoint
ALTER TABLE "gift_card_movements" DROP CONSTRAINT "gift_card_movements_sign_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_corrects_check";--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_kind_check" CHECK ("gift_card_movements"."kind" in ('issue', 'redeem', 'refund', 'refund_to_buyer'));--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_sign_check" CHECK (case when "gift_card_movements"."kind" in ('redeem', 'refund_to_buyer') then "gift_card_movements"."amount" < 0 else "gift_card_movements"."amount" > 0 end);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'write_off', 'gift_card_sale', 'gift_card_refund'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign_check" CHECK (case when "ledger_entries"."kind" in ('refund', 'gift_card_refund') then "ledger_entries"."amount" < 0 and "ledger_entries"."amount" >= -100000 else "ledger_entries"."amount" >= 0 and "ledger_entries"."amount" <= 100000 end);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_corrects_check" CHECK (("ledger_entries"."kind" in ('refund', 'write_off', 'gift_card_refund')) = ("ledger_entries"."corrects_id" is not null));