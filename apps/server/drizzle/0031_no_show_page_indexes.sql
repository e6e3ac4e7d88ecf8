-- The No shows report's default page (docs/product/reports-and-analytics.md#speed): read in
-- session start order, then booking id, straight off the no-shows' index, and each row's member
-- counted from their own no-shows. The booking id joins the keys (was: starts_at alone, with
-- member and session included), so a page and an export batch stop at their last row instead of
-- sorting the span.
CREATE INDEX IF NOT EXISTS "bookings_org_no_show_start_id_idx" ON "bookings" ("organization_id", "starts_at", "id") INCLUDE ("member_id", "session_id") WHERE "status" = 'no_show';--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_org_no_show_start_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_org_member_no_show_idx" ON "bookings" ("organization_id", "member_id", "starts_at") WHERE "status" = 'no_show';
