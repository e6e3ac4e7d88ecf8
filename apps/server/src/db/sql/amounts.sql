-- Installed by migration 0068.
-- A studio's amount as text in its shortest writing with two decimals at least ("25.00",
-- "25.125"), as the API answers every amount (packages/domain/src/amounts.ts, formatMills;
-- docs/decisions/0043-three-decimal-currencies.md). Amounts are numeric(11,3), whose own text
-- would be "25.000": receipts keep their snapshot in JSON, written through this.
CREATE OR REPLACE FUNCTION fitbase_amount_text(value numeric) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN round(value, 2) = value THEN round(value, 2)::text ELSE round(value, 3)::text END
$$;
GRANT EXECUTE ON FUNCTION fitbase_amount_text(numeric) TO fitbase_app;
