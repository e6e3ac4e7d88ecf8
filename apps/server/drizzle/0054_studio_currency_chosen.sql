ALTER TABLE "organizations" ADD COLUMN "currency_chosen_at" timestamp with time zone;--> statement-breakpoint
-- A studio on another currency than the default chose it; one with sales has it fixed, which the
-- setup checklist reads from the ledger itself.
UPDATE "organizations" SET "currency_chosen_at" = "created_at" WHERE "currency" <> 'USD';
