-- Indexes for two report pages (docs/product/reports-and-analytics.md#speed).
-- The No shows report's default page: read in session start order, then booking id, straight off
-- the no-shows' index, and each row's member counted from their own no-shows. The booking id
-- joins the keys (was: starts_at alone, with member and session included), so a page and an
-- export batch stop at their last row instead of sorting the span.
CREATE INDEX IF NOT EXISTS "bookings_org_no_show_start_id_idx" ON "bookings" ("organization_id", "starts_at", "id") INCLUDE ("member_id", "session_id") WHERE "status" = 'no_show';--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_org_no_show_start_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_org_member_no_show_idx" ON "bookings" ("organization_id", "member_id", "starts_at") WHERE "status" = 'no_show';--> statement-breakpoint
-- The Sales breakdown's products: the period's store charges with their ids from the index alone
-- (was: order_id included, id read from the table).
CREATE INDEX IF NOT EXISTS "ledger_entries_org_store_sales_id_idx" ON "ledger_entries" ("organization_id", "occurred_at") INCLUDE ("order_id", "id") WHERE "kind" = 'charge' AND "purpose" = 'order' AND "status" IN ('paid', 'refunded');--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_entries_org_store_sales_idx";
