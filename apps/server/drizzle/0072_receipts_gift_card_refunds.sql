-- Custom SQL migration file, put your code below! --
-- From src/modules/receipts/sql/receipts.sql
-- Numbered receipts and credit notes (docs/decisions/0039-gap-free-receipt-numbers.md).
-- Installed by migration 0055; the triggers run at commit since migration 0056; the NOTIFY since 0057;
-- tax from the ledger row's tax_lines since 0061 (docs/decisions/0041-tax-rounding.md); one receipt
-- per payment group (a household's charges of one billing run, one card charge) since 0062; a
-- receipt for a gift card sold (the money taken for it, untaxed: a voucher is taxed when spent)
-- since 0066 (docs/decisions/0040-gift-cards-as-a-liability.md); a credit note for a gift card's
-- balance refunded to its buyer (a gift_card_refund row, referring to the card's sale receipt)
-- since 0072.

-- Every paid charge gets a receipt and every refund a credit note, written by the ledger's own
-- triggers in the transaction that records the money: the front desk's card and cash payments,
-- a retried due, the billing run's settled charges (one UPDATE for many rows), store orders and
-- portal purchases all pass through ledger_entries, so no path can miss one. The number comes
-- from the studio's sequence row, incremented in place (INSERT … ON CONFLICT DO UPDATE): the row
-- stays locked until the transaction ends, so concurrent sales take turns, and a sale rolled back
-- (or a declined card, which is never 'paid') gives its number back with everything else:
-- gap-free, unlike a PostgreSQL SEQUENCE. What the document shows is frozen in `snapshot`.
-- The triggers are deferred to the commit: a store sale writes its ledger row before its order
-- lines (one message, sale.queries.ts), and at commit both are there; the sequence row is
-- then locked only for the commit itself, so concurrent sales wait on each other the least.
-- SECURITY DEFINER: issued whatever role records the payment (a request, a background job).
CREATE OR REPLACE FUNCTION fitbase_issue_receipt() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
	doc_kind text := CASE WHEN NEW.kind IN ('refund', 'gift_card_refund') THEN 'credit_note' ELSE 'receipt' END;
	doc_number integer;
	total numeric(13, 3) := abs(NEW.amount);
	studio jsonb;
	currency text;
	send boolean;
	member_name text;
	member_email text;
	card_brand text;
	card_last_four text;
	lines jsonb;
	lines_total numeric(13, 3);
	refers_id uuid;
	refers_number integer;
	-- The charge whose receipt a credit note refers to: a grouped charge's is its group's first row.
	refers_entry uuid := NEW.corrects_id;
	-- A payment group's receipt belongs to its payer and lists every row of the group.
	doc_member uuid := NEW.member_id;
	doc_membership uuid := NEW.membership_id;
	-- The row's tax per rate, as sold (positive on a credit note too): the document copies it.
	taxes jsonb := '[]'::jsonb;
	tax_total numeric(13, 3) := 0;
BEGIN
	-- Households (docs/product/members.md#households): rows settled by one card charge share
	-- payment_group; the group's first row (by id) issues one receipt with a line per row, the
	-- others none. All of them are paid by the commit this runs at (one answer settles them all).
	IF NEW.kind = 'charge' AND NEW.payment_group IS NOT NULL THEN
		IF EXISTS (SELECT 1 FROM ledger_entries g
		            WHERE g.organization_id = NEW.organization_id
		              AND g.payment_group = NEW.payment_group AND g.kind = 'charge' AND g.id < NEW.id) THEN
			RETURN NULL;
		END IF;
		doc_member := coalesce(NEW.payer_member_id, NEW.member_id);
		doc_membership := NULL;
		SELECT jsonb_agg(jsonb_build_object('description', x.description, 'quantity', 1,
		         'net', fitbase_amount_text(x.gross - x.tax), 'tax', fitbase_amount_text(x.tax), 'gross', fitbase_amount_text(x.gross))
		         ORDER BY x.member_name, x.id),
		       sum(x.gross), sum(x.tax)
		  INTO lines, total, tax_total
		  FROM (SELECT g.id, g.amount AS gross,
		               coalesce((SELECT sum((t.v->>'tax')::numeric)
		                           FROM jsonb_array_elements(coalesce(g.tax_lines, '[]'::jsonb)) AS t(v)), 0) AS tax,
		               trim(coalesce(m.first_name || ' ' || coalesce(m.last_name, ''), '')) AS member_name,
		               CASE WHEN m.id IS NULL THEN g.description
		                    ELSE trim(m.first_name || ' ' || coalesce(m.last_name, '')) || ': ' || g.description END AS description
		          FROM ledger_entries g
		          LEFT JOIN members m ON m.organization_id = g.organization_id AND m.id = g.member_id
		         WHERE g.organization_id = NEW.organization_id AND g.payment_group = NEW.payment_group
		           AND g.kind = 'charge') AS x;
		SELECT coalesce(jsonb_agg(jsonb_build_object('name', r.name, 'rate', r.rate,
		         'inclusive', r.inclusive, 'net', fitbase_amount_text(r.net), 'tax', fitbase_amount_text(r.tax),
		         'gross', fitbase_amount_text(r.gross)) ORDER BY r.name, r.rate), '[]'::jsonb)
		  INTO taxes
		  FROM (SELECT t.v->>'name' AS name, t.v->>'rate' AS rate, (t.v->>'inclusive')::boolean AS inclusive,
		               sum((t.v->>'net')::numeric) AS net, sum((t.v->>'tax')::numeric) AS tax,
		               sum((t.v->>'gross')::numeric) AS gross
		          FROM ledger_entries g, jsonb_array_elements(coalesce(g.tax_lines, '[]'::jsonb)) AS t(v)
		         WHERE g.organization_id = NEW.organization_id AND g.payment_group = NEW.payment_group
		           AND g.kind = 'charge'
		         GROUP BY 1, 2, 3) AS r;
	ELSIF NEW.tax_lines IS NOT NULL AND jsonb_array_length(NEW.tax_lines) > 0 THEN
		SELECT jsonb_agg(jsonb_build_object('name', t.v->>'name', 'rate', t.v->>'rate',
		         'inclusive', (t.v->>'inclusive')::boolean,
		         'net', fitbase_amount_text(abs((t.v->>'net')::numeric)), 'tax', fitbase_amount_text(abs((t.v->>'tax')::numeric)),
		         'gross', fitbase_amount_text(abs((t.v->>'gross')::numeric))) ORDER BY t.ord),
		       coalesce(sum(abs((t.v->>'tax')::numeric)), 0)
		  INTO taxes, tax_total
		  FROM jsonb_array_elements(NEW.tax_lines) WITH ORDINALITY AS t(v, ord);
	END IF;
	SELECT jsonb_build_object('name', o.name, 'legalName', o.legal_name,
	         'address', o.postal_address, 'taxId', o.tax_id),
	       o.currency, o.email_receipts
	  INTO studio, currency, send
	  FROM organizations o WHERE o.id = NEW.organization_id;
	-- A household child may have no email: their receipt goes to the payer (db/member-mail-to.ts).
	SELECT trim(m.first_name || ' ' || coalesce(m.last_name, '')),
	       coalesce(m.email, (SELECT payer.email FROM household_members hm
	         JOIN households h ON h.organization_id = hm.organization_id AND h.id = hm.household_id
	         JOIN members payer ON payer.organization_id = h.organization_id AND payer.id = h.payer_member_id
	        WHERE hm.organization_id = m.organization_id AND hm.member_id = m.id))
	  INTO member_name, member_email
	  FROM members m WHERE m.organization_id = NEW.organization_id AND m.id = doc_member;
	SELECT pm.card_brand, pm.card_last_four INTO card_brand, card_last_four
	  FROM member_payment_methods pm
	 WHERE pm.organization_id = NEW.organization_id AND pm.id = NEW.payment_method_id;
	IF doc_kind = 'credit_note' THEN
		SELECT g.id INTO refers_entry
		  FROM ledger_entries c
		  JOIN ledger_entries g ON g.organization_id = c.organization_id
		                       AND g.payment_group = c.payment_group AND g.kind = 'charge'
		 WHERE c.organization_id = NEW.organization_id AND c.id = NEW.corrects_id
		 ORDER BY g.id LIMIT 1;
		SELECT r.id, r.number INTO refers_id, refers_number
		  FROM receipts r
		 WHERE r.organization_id = NEW.organization_id
		   AND r.ledger_entry_id = coalesce(refers_entry, NEW.corrects_id);
	ELSIF NEW.order_id IS NOT NULL THEN
		-- A store order's receipt lists its products; an order discount is a line of its own.
		-- A line taxed since 0060 carries its tax and gross (its share of the discount taken).
		SELECT jsonb_agg(jsonb_build_object('description', l.product_name, 'quantity', l.quantity,
		         'net', fitbase_amount_text((coalesce(l.gross, l.line_total) - l.tax)), 'tax', fitbase_amount_text(l.tax),
		         'gross', fitbase_amount_text(coalesce(l.gross, l.line_total)))
		         ORDER BY l.product_name, l.id),
		       sum(coalesce(l.gross, l.line_total))
		  INTO lines, lines_total
		  FROM order_lines l
		 WHERE l.organization_id = NEW.organization_id AND l.order_id = NEW.order_id;
		IF lines IS NOT NULL AND lines_total <> total THEN
			lines := lines || jsonb_build_array(jsonb_build_object(
			  'description', CASE WHEN lines_total > total THEN 'Discount' ELSE 'Adjustment' END,
			  'quantity', 1, 'net', fitbase_amount_text(total - lines_total), 'tax', '0.00',
			  'gross', fitbase_amount_text(total - lines_total)));
		END IF;
	END IF;
	IF lines IS NULL THEN
		lines := jsonb_build_array(jsonb_build_object('description', NEW.description, 'quantity', 1,
		  'net', fitbase_amount_text(total - tax_total), 'tax', fitbase_amount_text(tax_total), 'gross', fitbase_amount_text(total)));
	END IF;
	INSERT INTO receipt_sequences AS s (organization_id, kind, next_number)
	VALUES (NEW.organization_id, doc_kind, 2)
	ON CONFLICT (organization_id, kind) DO UPDATE SET next_number = s.next_number + 1
	RETURNING s.next_number - 1 INTO doc_number;
	INSERT INTO receipts (organization_id, kind, number, ledger_entry_id, refers_to_receipt_id,
	                      member_id, membership_id, issued_at, currency, snapshot, email_status)
	VALUES (NEW.organization_id, doc_kind, doc_number, NEW.id, refers_id, doc_member,
	        doc_membership, NEW.occurred_at, currency,
	        jsonb_build_object(
	          'studio', studio,
	          'member', CASE WHEN member_name IS NULL THEN NULL
	                         ELSE jsonb_build_object('name', member_name) END,
	          'description', NEW.description,
	          'lines', lines,
	          'totals', jsonb_build_object('net', fitbase_amount_text(total - tax_total), 'tax', fitbase_amount_text(tax_total),
	                                       'gross', fitbase_amount_text(total)),
	          'taxes', taxes,
	          'payment', jsonb_build_object('method', NEW.method, 'cardBrand', card_brand,
	                                        'cardLastFour', card_last_four),
	          'refersTo', CASE WHEN refers_id IS NULL THEN NULL
	                           ELSE jsonb_build_object('id', refers_id, 'number', refers_number) END,
	          'reason', NEW.reason),
	        CASE WHEN send AND coalesce(trim(member_email), '') <> '' THEN 'pending' ELSE 'none' END);
	-- A hint at commit (receipts-emailer.ts): the email goes out in seconds, not at the minute's
	-- sweep. PostgreSQL sends one NOTIFY per channel and payload per transaction.
	IF send AND coalesce(trim(member_email), '') <> '' THEN
		PERFORM pg_notify('fitbase_receipts', '');
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_entries_receipt_insert ON "ledger_entries";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_receipt_insert AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'paid' AND NEW.kind IN ('charge', 'refund', 'gift_card_sale', 'gift_card_refund'))
  EXECUTE FUNCTION fitbase_issue_receipt();--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_entries_receipt_settle ON "ledger_entries";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_receipt_settle AFTER UPDATE OF status ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status = 'paid' AND NEW.kind = 'charge')
  EXECUTE FUNCTION fitbase_issue_receipt();
