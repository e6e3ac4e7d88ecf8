import { sql, type SQL } from 'drizzle-orm';

// Shared by the payments module (balance owed, Retry / Write Off) and the memberships module
// (a membership's amount due), so the two figures always reconcile.

/**
 * A charge the member still owes (docs/product/money-and-store.md#ledger-and-payments): a failed attempt at a
 * due (a billing period or a fee: it has a due key; a declined sale has none and is not owed),
 * or a due recorded for later (pending, manual), with no paid or later attempt of the same due
 * and not written off. Only the latest attempt of a due is open, so it counts once.
 */
export function openDueCondition(): SQL {
  // Columns spelled out: inside a subquery drizzle's unqualified names would bind to it.
  return sql`(ledger_entries.kind = 'charge' and ledger_entries.due_key is not null
    and ((ledger_entries.status = 'failed' and ledger_entries.purpose in ('plan', 'fee'))
      or (ledger_entries.status = 'pending' and ledger_entries.provider = 'manual'))
    and not exists (
      select 1 from ledger_entries s
      where s.organization_id = ledger_entries.organization_id and s.kind = 'charge'
        and s.id <> ledger_entries.id and s.due_key = ledger_entries.due_key
        and (s.status in ('paid', 'refunded') or s.attempt > ledger_entries.attempt
          or (s.attempt = ledger_entries.attempt
            and (s.created_at, s.id) > (ledger_entries.created_at, ledger_entries.id))))
    and not exists (
      select 1 from ledger_entries w
      where w.organization_id = ledger_entries.organization_id and w.kind = 'write_off'
        and w.corrects_id = ledger_entries.id))`;
}
