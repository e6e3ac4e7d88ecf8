import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isSale } from '../../db/ledger-sale.ts';
import { firstRow, rows } from '../../db/rows.ts';
import {
  direction,
  instant,
  isoOf,
  MEMBER_NAME,
  memberJoin,
  memberNameOf,
  METHOD_LABELS_SQL,
} from './revenue.sql.ts';

/** The Transactions report's SQL (docs/product/reports-and-analytics.md#transactions). */

const transactionRow = z.object({
  id: z.string(),
  occurredAt: z.string(),
  member: z.string(),
  item: z.string(),
  method: z.string(),
  amount: z.string(),
  status: z.string(),
  /** Households: who paid when it was not the member (their household's payer), else ''. */
  payer: z.string(),
  /** The sort value as text at full precision (the export's keyset). */
  cursor: z.string(),
});
export type TransactionRow = z.output<typeof transactionRow>;

/** Sort keys → SQL (a whitelist: user text never reaches the query). */
const SORT: Record<string, { expr: string; cast: string }> = {
  occurredAt: { expr: 'le.occurred_at', cast: 'timestamptz' },
  amount: { expr: 'le.amount', cast: 'numeric' },
  member: { expr: `lower(${MEMBER_NAME})`, cast: 'text' },
};

export const sortOf = (key: string) => SORT[key] ?? SORT.occurredAt!;

const inPeriod = (organizationId: string, start: Date, end: Date) => sql`
  le.organization_id = ${organizationId} and le.kind in ('charge', 'refund')
  and le.occurred_at >= ${instant(start)} and le.occurred_at < ${instant(end)}`;

function select(sortExpr: string): SQL {
  return sql`select le.id, ${isoOf(sql`le.occurred_at`)} as "occurredAt",
      ${memberNameOf()} as member, le.description as item, ${METHOD_LABELS_SQL} as method,
      le.amount as amount,
      case le.status when 'pending' then 'Pending' when 'failed' then 'Failed' else 'Paid' end
        as status,
      coalesce((select trim(p.first_name || ' ' || coalesce(p.last_name, '')) from members p
        where p.organization_id = le.organization_id and p.id = le.payer_member_id), '') as payer,
      (${sql.raw(sortExpr)})::text as cursor
    from ledger_entries le ${memberJoin('le')}`;
}

export async function transactionsPage(
  db: Db | Tx,
  q: {
    organizationId: string;
    start: Date;
    end: Date;
    sort: { key: string; dir: 'asc' | 'desc' };
    limit: number;
    offset: number;
  },
): Promise<TransactionRow[]> {
  const s = sortOf(q.sort.key);
  const dir = direction(q.sort.dir);
  return rows(
    db,
    transactionRow,
    sql`${select(s.expr)}
    where ${inPeriod(q.organizationId, q.start, q.end)}
    order by ${sql.raw(s.expr)} ${dir}, le.id ${dir}
    limit ${q.limit} offset ${q.offset}`,
  );
}

/** The export's next batch after (value, id) in the sort order: keyset, never an offset. */
export async function transactionsAfter(
  db: Db | Tx,
  q: {
    organizationId: string;
    start: Date;
    end: Date;
    sort: { key: string; dir: 'asc' | 'desc' };
    after: [string, string] | null;
    limit: number;
  },
): Promise<TransactionRow[]> {
  const s = sortOf(q.sort.key);
  const dir = direction(q.sort.dir);
  const cmp = sql.raw(q.sort.dir === 'asc' ? '>' : '<');
  const after = q.after
    ? sql`and (${sql.raw(s.expr)}, le.id) ${cmp} (${q.after[0]}::${sql.raw(s.cast)}, ${q.after[1]}::uuid)`
    : sql``;
  return rows(
    db,
    transactionRow,
    sql`${select(s.expr)}
    where ${inPeriod(q.organizationId, q.start, q.end)} ${after}
    order by ${sql.raw(s.expr)} ${dir}, le.id ${dir}
    limit ${q.limit}`,
  );
}

export async function transactionsSummary(
  db: Db | Tx,
  organizationId: string,
  start: Date,
  end: Date,
) {
  const row = await firstRow(
    db,
    z.object({ count: z.number(), paid: z.string(), pending: z.number(), failed: z.number() }),
    sql`select count(*)::int as count,
      fitbase_amount_text(coalesce(sum(le.amount) filter (where ${isSale('le')}), 0)) as paid,
      (count(*) filter (where le.status = 'pending'))::int as pending,
      (count(*) filter (where le.status = 'failed'))::int as failed
    from ledger_entries le where ${inPeriod(organizationId, start, end)}`,
  );
  return row!;
}
