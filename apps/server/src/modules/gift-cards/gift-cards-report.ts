import type { StudioScope } from '../../http/types.ts';
import { neutraliseFormula } from '../../lib/csv-cell.ts';
import * as queries from './gift-cards.queries.ts';
import { outstandingTotal } from './gift-cards.sql.ts';

/**
 * The gift card liability (docs/product/money-and-store.md#gift-cards): every card that still
 * holds money, with what it was worth and what is left, and the total the studio owes its
 * holders. Amounts are plain decimals in the studio's currency (a column says which), like the
 * reports' CSVs, so a spreadsheet sums them.
 */

const cell = (value: string) => {
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export async function giftCardsCsv(scope: StudioScope): Promise<string> {
  const lines = [['Card', 'Sold on', 'Recipient', 'Initial amount', 'Balance', 'Currency']];
  let page = 1;
  let currency = '';
  for (;;) {
    const { rows } = await queries.listCards(scope.db, scope.organizationId, {
      page,
      pageSize: 500,
      outstanding: true,
    });
    for (const { card } of rows) {
      currency = card.currency;
      lines.push([
        `•••• ${card.codeLastFour}`,
        card.createdAt.toISOString().slice(0, 10),
        card.recipientEmail,
        card.initialAmount,
        card.balance,
        card.currency,
      ]);
    }
    if (rows.length < 500) break;
    page += 1;
  }
  const total = await outstandingTotal(scope.db, scope.organizationId);
  lines.push(['Total outstanding', '', '', '', total, currency]);
  return lines.map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
}
