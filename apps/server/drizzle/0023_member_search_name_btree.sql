-- Global search of members (apps/server/src/modules/search/search.queries.ts), hand-written.
-- The whole-name tier matched `LIKE` on the trigram index, and a common name's trigrams ("john")
-- are in thousands of names: the bitmap and its recheck cost 2-5 ms at 100,000 members for a
-- tier that finds nobody. A btree on the same name expression answers equality in a few index
-- pages; text_pattern_ops lets it also serve the name's `LIKE 'prefix%'` in the word-prefix tier,
-- in any collation. Leads with organization_id, like every tenant index.
CREATE INDEX IF NOT EXISTS "members_org_name_lower_idx" ON "members" USING btree ("organization_id", (lower("first_name" || ' ' || "last_name")) text_pattern_ops);--> statement-breakpoint
-- As migration 0021 made it, but for tier 0: the escaped pattern has no wildcard, so `LIKE p_pattern`
-- is `= p_lower`, which the btree above serves (docs/decisions/0018-member-search-outside-row-level-security.md).
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
