-- The members directory's search (modules/members/members.queries.ts). Installed by migration 0024.
-- Under row-level security LIKE (not leakproof) cannot be an index condition, so a fragment that
-- matches few members scanned the whole studio: 95 ms a request at 100,000 members, over 500 ms
-- at p95 with 10 clients (bench:members). As fitbase_search_members (migration 0021,
-- docs/decisions/0018-member-search-outside-row-level-security.md): the matching runs as the schema
-- owner on the trigram indexes, takes the studio only from the transaction's own
-- app.organization_id (nothing when none is set), and returns ids alone; the directory then reads
-- the rows under row-level security.
CREATE OR REPLACE FUNCTION fitbase_member_ids_like(p_pattern text, p_status text, p_type text, p_tag uuid, p_after_ts timestamptz, p_after_id uuid, p_limit int)
RETURNS TABLE (id uuid)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
	org uuid := nullif(current_setting('app.organization_id', true), '')::uuid;
BEGIN
	IF org IS NULL THEN
		RETURN;
	END IF;
	-- The directory's own filters, order and page, so that each pattern is planned with its
	-- value: a common fragment walks the newest-first index and stops at the page, a rare one
	-- takes the trigram indexes.
	RETURN QUERY SELECT m.id FROM members m WHERE m.organization_id = org
		AND (lower(m.first_name || ' ' || m.last_name) LIKE p_pattern OR lower(m.email) LIKE p_pattern)
		AND (p_status IS NULL OR m.membership_status = p_status)
		AND (p_type IS NULL OR m.membership_type = p_type)
		AND (p_tag IS NULL OR EXISTS (SELECT 1 FROM member_tags mt
			WHERE mt.organization_id = org AND mt.member_id = m.id AND mt.tag_id = p_tag))
		AND (p_after_ts IS NULL OR (m.created_at, m.id) < (p_after_ts, p_after_id))
		ORDER BY m.created_at DESC NULLS LAST, m.id DESC NULLS LAST
		LIMIT p_limit;
END $$;
REVOKE ALL ON FUNCTION fitbase_member_ids_like(text, text, text, uuid, timestamptz, uuid, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION fitbase_member_ids_like(text, text, text, uuid, timestamptz, uuid, int) TO fitbase_app;
