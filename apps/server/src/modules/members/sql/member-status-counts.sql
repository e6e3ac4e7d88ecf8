-- Members per organization and status (member_status_counts), kept by triggers in the same
-- transaction as every change to members. The directory cards and the plan dashboards read these
-- few rows instead of counting a large studio's members on every request. Statement-level
-- triggers with transition tables keep bulk loads cheap (one upsert per statement).
-- Installed by migration 0002.

CREATE OR REPLACE FUNCTION "member_status_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Rows are locked in key order, so concurrent writers cannot deadlock on the counters.
	INSERT INTO member_status_counts AS c (organization_id, membership_status, member_count)
	SELECT organization_id, membership_status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (organization_id, membership_status) DO UPDATE SET member_count = c.member_count + excluded.member_count;
	RETURN NULL;
END $$;

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
END $$;

CREATE OR REPLACE FUNCTION "member_status_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- UPDATE, never INSERT: when an organization is deleted its counters may already be gone
	-- (cascade), and inserting one back would fail its foreign key.
	UPDATE member_status_counts c SET member_count = c.member_count - d.n
	FROM (SELECT organization_id, membership_status, count(*) AS n FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
	WHERE c.organization_id = d.organization_id AND c.membership_status = d.membership_status;
	RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "member_status_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM member_status_counts;
	RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS "members_count_insert" ON "members";
CREATE TRIGGER "members_count_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_status_counts_on_insert"();

DROP TRIGGER IF EXISTS "members_count_update" ON "members";
CREATE TRIGGER "members_count_update" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_status_counts_on_update"();

DROP TRIGGER IF EXISTS "members_count_delete" ON "members";
CREATE TRIGGER "members_count_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "member_status_counts_on_delete"();

DROP TRIGGER IF EXISTS "members_count_truncate" ON "members";
CREATE TRIGGER "members_count_truncate" AFTER TRUNCATE ON "members"
	FOR EACH STATEMENT EXECUTE FUNCTION "member_status_counts_on_truncate"();
