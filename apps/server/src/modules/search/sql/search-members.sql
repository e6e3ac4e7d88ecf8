-- Global search of members (modules/search/search.sql.ts): LIKE and pg_trgm's `%>` are not
-- leakproof, so under row-level security PostgreSQL may not use the trigram indexes for them and a
-- search that matches nothing scanned every member. This function runs as the schema owner, reads
-- the studio only from the transaction's `app.organization_id` (never from an argument), and
-- returns ids of that studio alone; the caller reads the rows under row-level security. Tiers:
-- 0 whole name or email, 1 a word starts with it, 2 contains it, 3 similar. The name expression
-- is the one of members_org_name_trgm_idx (migration 0001) and members_org_name_lower_idx (0023).
-- Installed by migration 0021, last changed in 0023: for tier 0 the escaped pattern has no
-- wildcard, so `LIKE p_pattern` is `= p_lower`, which members_org_name_lower_idx serves
-- (docs/decisions/0018-member-search-outside-row-level-security.md).

CREATE OR REPLACE FUNCTION fitbase_search_members(p_tier int, p_lower text, p_pattern text, p_email_like boolean, p_limit int)
RETURNS TABLE (id uuid, score real)
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
	IF p_tier = 0 THEN
		RETURN QUERY SELECT m.id, 1::real FROM members m WHERE m.organization_id = org
			AND (lower(m.first_name || ' ' || m.last_name) = p_lower OR lower(m.email) = p_lower)
			LIMIT p_limit;
	ELSIF p_tier = 1 THEN
		RETURN QUERY SELECT m.id, 1::real FROM members m WHERE m.organization_id = org
			AND (lower(m.first_name || ' ' || m.last_name) LIKE p_pattern || '%'
				OR lower(m.first_name || ' ' || m.last_name) LIKE '% ' || p_pattern || '%'
				OR (p_email_like AND lower(m.email) LIKE p_pattern || '%'))
			LIMIT p_limit;
	ELSIF p_tier = 2 THEN
		RETURN QUERY SELECT m.id, 1::real FROM members m WHERE m.organization_id = org
			AND (lower(m.first_name || ' ' || m.last_name) LIKE '%' || p_pattern || '%'
				OR (p_email_like AND lower(m.email) LIKE '%' || p_pattern || '%'))
			LIMIT p_limit;
	ELSE
		RETURN QUERY SELECT m.id, word_similarity(p_lower, lower(m.first_name || ' ' || m.last_name))
			FROM members m WHERE m.organization_id = org
			AND lower(m.first_name || ' ' || m.last_name) %> p_lower
			LIMIT p_limit;
	END IF;
END $$;
GRANT EXECUTE ON FUNCTION fitbase_search_members(int, text, text, boolean, int) TO fitbase_app;
