-- Indexes of the reports' year pages (docs/product/reports-and-analytics.md#speed).
-- Class performance and trainer insights count each session's bookings by status: covering,
-- so a session is one index-only lookup instead of the studio's every booking being hashed.
CREATE INDEX IF NOT EXISTS "bookings_org_session_cover_idx" ON "bookings" USING btree ("organization_id","session_id") INCLUDE ("status","waitlisted_at");--> statement-breakpoint
-- Failed payments: the period's failed charges are a few per cent of the ledger.
CREATE INDEX IF NOT EXISTS "ledger_entries_org_failed_idx" ON "ledger_entries" USING btree ("organization_id","occurred_at") WHERE "kind" = 'charge' AND "status" = 'failed';--> statement-breakpoint
-- Failed payments' "written off": write-offs are rare; without this every ledger row was read.
CREATE INDEX IF NOT EXISTS "ledger_entries_org_write_off_idx" ON "ledger_entries" USING btree ("organization_id","occurred_at") WHERE "kind" = 'write_off';--> statement-breakpoint
-- Transactions' figures count and add up the period's charges and refunds by status: covering,
-- so a year is an index-only range scan instead of a read of every ledger row's heap page.
CREATE INDEX IF NOT EXISTS "ledger_entries_org_occurred_cover_idx" ON "ledger_entries" USING btree ("organization_id","occurred_at") INCLUDE ("kind","status","amount");--> statement-breakpoint
-- First bookings: each member's first booking ever is the first entry of this index, read
-- without a sort and without the heap (one probe per member, twice per page: period and the
-- one before).
CREATE INDEX IF NOT EXISTS "bookings_org_member_first_idx" ON "bookings" USING btree ("organization_id","member_id","created_at","starts_at","id") INCLUDE ("session_id","status");
