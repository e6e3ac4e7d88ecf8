ALTER TABLE "gift_cards" DROP CONSTRAINT "gift_cards_amount_check";--> statement-breakpoint
ALTER TABLE "discount_codes" DROP CONSTRAINT "discount_codes_value_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign_check";--> statement-breakpoint
ALTER TABLE "pay_rates" DROP CONSTRAINT "pay_rates_amount_check";--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT "plans_price_check";--> statement-breakpoint
ALTER TABLE "plans" DROP CONSTRAINT "plans_signup_fee_check";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_price_check";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_cost_check";--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_amount_check" CHECK ("gift_cards"."initial_amount" > 0);--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign_check" CHECK (case when "ledger_entries"."kind" in ('refund', 'gift_card_refund') then "ledger_entries"."amount" < 0 else "ledger_entries"."amount" >= 0 end);--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_amount_check" CHECK ("pay_rates"."amount" >= 0);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_price_check" CHECK ("plans"."price" >= 0);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_signup_fee_check" CHECK ("plans"."signup_fee" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_check" CHECK ("products"."cost" is null or "products"."cost" >= 0);