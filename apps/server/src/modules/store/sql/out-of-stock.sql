-- Installed by migration 0025.
-- A point-of-sale sale's locked statement (completeSale, apps/server/src/modules/store/sale.queries.ts)
-- refuses a lost race for the last items itself, with the product and what is left, so that its
-- COMMIT can travel in the same message (no round trip to the server while the product and
-- order-number rows are locked: docs/decisions/0020-generic-plans-and-notify-after-commit.md).
-- SQLSTATE FB001; the detail is JSON the service turns into the out-of-stock message.
CREATE OR REPLACE FUNCTION fitbase_out_of_stock(product_name text, on_hand int) RETURNS int
LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION USING ERRCODE = 'FB001', MESSAGE = 'out_of_stock',
		DETAIL = json_build_object('name', product_name, 'onHand', on_hand)::text;
END $$;
GRANT EXECUTE ON FUNCTION fitbase_out_of_stock(text, int) TO fitbase_app;
