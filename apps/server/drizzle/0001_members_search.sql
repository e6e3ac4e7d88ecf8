-- Member directory search: case-insensitive substring on full name or email
-- (docs/product/members.md#members-directory).
-- drizzle-kit never writes CREATE EXTENSION, so this migration is hand-written.
-- btree_gin lets the trigram indexes lead with organization_id, like every tenant index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_org_name_trgm_idx" ON "members" USING gin ("organization_id", (lower("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_org_email_trgm_idx" ON "members" USING gin ("organization_id", (lower("email")) gin_trgm_ops);
