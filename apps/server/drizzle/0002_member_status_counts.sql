-- Members per organization and status, kept by triggers in the same transaction as every
-- change to members. The directory cards and the plan dashboards read these few rows instead
-- of counting a large studio's members on every request (1,000,000 members: one row read
-- instead of a 1,000,000-entry index scan). Hand-written: drizzle-kit does not write triggers.
-- Statement-level triggers with transition tables keep bulk loads cheap (one upsert per statement).
CREATE TABLE IF NOT EXISTS "member_status_counts" (
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"membership_status" text NOT NULL,
	"member_count" bigint NOT NULL DEFAULT 0,
	PRIMARY KEY ("organization_id", "membership_status")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_status_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Rows are locked in key order, so concurrent writers cannot deadlock on the counters.
	INSERT INTO member_status_counts AS c (organization_id, membership_status, member_count)
	SELECT organization_id, membership_status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (organization_id, membership_status) DO UPDATE SET member_count = c.member_count + excluded.member_count;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_status_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO member_status_counts AS c (organization_id, membership_status, member_count)
	SELECT organization_id, membership_status, sum(delta) FROM (
		SELECT organization_id, membership_status, 1 AS delta FROM new_rows
		UNION ALL
		SELECT organization_id, membership_status, -1 AS delta FROM old_rows
	) changes
	GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
	ON CONFLICT (organization_id, membership_status) DO UPDATE SET member_count = c.member_count + excluded.member_count;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_status_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- UPDATE, never INSERT: when an organization is deleted its counters may already be gone
	-- (cascade), and inserting one back would fail its foreign key.
	UPDATE member_status_counts c SET member_count = c.member_count - d.n
	FROM (SELECT organization_id, membership_status, count(*) AS n FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
	WHERE c.organization_id = d.organization_id AND c.membership_status = d.membership_status;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_status_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM member_status_counts;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "members_count_insert" ON "members";--> statement-breakpoint
CREATE TRIGGER "members_count_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_status_counts_on_insert"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "members_count_update" ON "members";--> statement-breakpoint
CREATE TRIGGER "members_count_update" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_status_counts_on_update"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "members_count_delete" ON "members";--> statement-breakpoint
CREATE TRIGGER "members_count_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_status_counts_on_delete"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "members_count_truncate" ON "members";--> statement-breakpoint
CREATE TRIGGER "members_count_truncate" AFTER TRUNCATE ON "members"
	FOR EACH STATEMENT EXECUTE FUNCTION "member_status_counts_on_truncate"();--> statement-breakpoint
-- Existing members, counted once (the triggers keep the counts from here on).
DELETE FROM "member_status_counts";--> statement-breakpoint
INSERT INTO "member_status_counts" ("organization_id", "membership_status", "member_count")
SELECT "organization_id", "membership_status", count(*) FROM "members" GROUP BY 1, 2;
