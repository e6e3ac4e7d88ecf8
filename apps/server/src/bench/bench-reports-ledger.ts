import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** An integer constant inlined (a bound parameter would be untyped: date - $1 reads as date - date). */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * bench:reports' ledger: exactly `total` charges and refunds (plus the write-offs). About 72 % membership charges (a sample of every
 * membership's monthly dues, and one charge per pack, drop-in and trial), their retries, refunds
 * and write-offs, sign-up fees, late-cancel fees, then store orders with lines (and their
 * refunds) up to the total. Mostly card payments through the demo provider, some cash (manual).
 */

export const BENCH_TIME_ZONE = 'America/New_York';

export async function countRows(db: Db, query: SQL): Promise<number> {
  const { rows } = (await db.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return Number(rows[0]?.n ?? 0);
}

/** Transactions: charges and refunds (write-offs come on top: the Transactions report omits them). */
const ledgerCount = (org: string) =>
  sql`select count(*)::int as n from ledger_entries
      where organization_id = ${org} and kind in ('charge', 'refund')`;

/** Paid card or cash by a hash: failures are always card (cash cannot fail). */
const method = (h: SQL) => sql`case when ${h} % 100 >= 85 then 'cash' else 'card' end`;
const provider = (h: SQL) => sql`case when ${h} % 100 >= 85 then 'manual' else 'demo' end`;

export async function seedLedger(db: Db, org: string, today: SQL, total: number): Promise<void> {
  const planCharges = Math.round(total * 0.72);
  // A sample spread evenly over time (ordered by a hash), so every month has its charges.
  await db.execute(sql`
    with dues as (
      select ms.id as membership_id, ms.member_id, ms.price, d::date as due,
        (hashtext(ms.id::text || d::date) & 2147483647) as h
      from memberships ms join plans p on p.id = ms.plan_id and p.organization_id = ms.organization_id
      cross join lateral generate_series(ms.start_date,
        case when p.kind in ('membership', 'add_on')
             then least(coalesce(ms.end_date, ${today}), ${today}) else ms.start_date end,
        interval '1 month') d
      where ms.organization_id = ${org}
    ), picked as (
      select *, case when due > ${today} - 3 and h % 100 < 30 then 'pending'
                     when h % 100 < 4 then 'failed'
                     when h % 100 < 6 then 'refunded' else 'paid' end as status
      from dues order by md5(membership_id::text || due) limit ${int(planCharges)}
    )
    insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
      member_id, membership_id, due_key, attempt, idempotency_key, method, provider,
      failure_code, failure_message, occurred_at, created_at)
    select ${org}::uuid, 'charge', 'plan', status, price, 'Membership ' || due, member_id, membership_id,
      'membership:' || membership_id || ':' || due, 1,
      'bench:plan:' || membership_id || ':' || due || ':1',
      case when status = 'failed' then 'card' else ${method(sql`h`)} end,
      case when status = 'failed' then 'demo' else ${provider(sql`h`)} end,
      case when status = 'failed' then 'card_declined' end,
      case when status = 'failed' then 'Your card was declined.' end,
      (due + time '07:00' + (h % 12) * interval '1 hour') at time zone ${BENCH_TIME_ZONE},
      (due + time '07:00' + (h % 12) * interval '1 hour') at time zone ${BENCH_TIME_ZONE}
    from picked`);
  await db.execute(sql`analyze ledger_entries`);
  // Half the failures paid on a retry three days later; a third of the rest written off.
  await db.execute(sql`
    insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
      member_id, membership_id, due_key, attempt, idempotency_key, method, provider, occurred_at, created_at)
    select organization_id, 'charge', 'plan', 'paid', amount, description, member_id,
      membership_id, due_key, 2, regexp_replace(idempotency_key, ':1$', ':2'), 'card', 'demo',
      occurred_at + interval '3 days', occurred_at + interval '3 days'
    from ledger_entries
    where organization_id = ${org} and status = 'failed' and (hashtext(id::text) & 2147483647) % 2 = 0
      and occurred_at + interval '3 days' < now()`);
  await db.execute(sql`
    insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
      member_id, membership_id, corrects_id, due_key, idempotency_key, method, provider, reason, occurred_at, created_at)
    select f.organization_id, 'write_off', 'plan', 'paid', f.amount, 'Written off: ' || f.description,
      f.member_id, f.membership_id, f.id, f.due_key, 'bench:writeoff:' || f.id, f.method, f.provider,
      'Retries used up', f.occurred_at + interval '10 days', f.occurred_at + interval '10 days'
    from ledger_entries f
    where f.organization_id = ${org} and f.status = 'failed' and (hashtext(f.id::text) & 2147483647) % 6 = 1
      and f.occurred_at + interval '10 days' < now()`);
  // Full refunds of the charges marked refunded; a partial $5 refund of one paid charge in 200.
  await db.execute(sql`
    insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
      member_id, membership_id, corrects_id, idempotency_key, method, provider, reason, occurred_at, created_at)
    select organization_id, 'refund', purpose, 'paid', -amount, 'Refund: ' || description,
      member_id, membership_id, id, 'bench:refund:' || id, method, provider, 'Member request',
      least(occurred_at + interval '2 days', now()), least(occurred_at + interval '2 days', now())
    from ledger_entries where organization_id = ${org} and kind = 'charge' and status = 'refunded'
    union all
    select organization_id, 'refund', purpose, 'paid', -5.00, 'Partial refund: ' || description,
      member_id, membership_id, id, 'bench:partial:' || id, method, provider, 'Goodwill',
      least(occurred_at + interval '1 day', now()), least(occurred_at + interval '1 day', now())
    from ledger_entries where organization_id = ${org} and kind = 'charge' and status = 'paid'
      and (hashtext(id::text) & 2147483647) % 200 = 0`);
  // Sign-up fees with each member's first Unlimited membership; late-cancel fees.
  await db.execute(sql`
    insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
      member_id, membership_id, idempotency_key, method, provider, occurred_at, created_at)
    select distinct on (ms.member_id) ${org}::uuid, 'charge', 'signup_fee', 'paid', p.signup_fee,
      'Sign-up fee', ms.member_id, ms.id, 'bench:signup:' || ms.id, 'card', 'demo',
      ms.created_at, ms.created_at
    from memberships ms join plans p on p.id = ms.plan_id
    where ms.organization_id = ${org} and p.signup_fee > 0
    order by ms.member_id, ms.start_date`);
  const feeCap = Math.round(total * 0.03);
  await db.execute(sql`
    insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
      member_id, booking_id, idempotency_key, method, provider, occurred_at, created_at)
    select ${org}::uuid, 'charge', 'fee', 'paid', 10.00, 'Late-cancel fee', member_id, id,
      'bench:fee:' || id, 'card', 'demo', cancelled_at, cancelled_at
    from bookings where organization_id = ${org} and status = 'late_cancelled'
    order by id limit ${int(feeCap)}`);
  await seedOrders(db, org, total - (await countRows(db, ledgerCount(org))));
  // Cash late-cancel fees top the ledger up to the exact total (the division above rounds down).
  const missing = total - (await countRows(db, ledgerCount(org)));
  if (missing > 0)
    await db.execute(sql`
      insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
        idempotency_key, method, provider, occurred_at, created_at)
      select ${org}::uuid, 'charge', 'fee', 'paid', 10.00, 'Late-cancel fee (cash)',
        'bench:cash-fee:' || k, 'cash', 'manual', now() - k * interval '1 hour', now() - k * interval '1 hour'
      from generate_series(1, ${int(missing)}) k`);
}

/** Store orders (one or two lines) paid by card or cash; one in 50 refunded in full. */
async function seedOrders(db: Db, org: string, rows: number) {
  if (rows <= 0) return;
  // Each refunded order takes two ledger rows: n orders + n/50 refunds = rows.
  const orders = Math.max(0, Math.floor((rows * 50) / 51));
  const members = await countRows(
    db,
    sql`select count(*)::int as n from members where organization_id = ${org}`,
  );
  await db.execute(sql`
    insert into products (organization_id, name, sku, price, stock_on_hand)
    select ${org}::uuid, 'Bench product ' || k, 'BENCH-' || k, (4.50 + k * 2.25)::numeric(10,2), 100000
    from generate_series(1, 10) k`);
  await db.execute(sql`
    with p as (select id, name, price, row_number() over (order by sku)::int as k
               from products where organization_id = ${org}),
    m as (select id, row_number() over (order by id)::int as k
          from members where organization_id = ${org}),
    o as (
      select i, p1.id as p1, p1.name as n1, p1.price as u1, 1 + i % 3 as q1,
        p2.id as p2, p2.name as n2, p2.price as u2,
        mm.id as member_id,
        now() - (i::numeric / ${int(Math.max(1, orders))}) * interval '730 days' as at
      from generate_series(1, ${int(orders)}) i
      join p p1 on p1.k = 1 + i % 10
      join m mm on mm.k = (i * 7 % ${int(members)}) + 1
      left join p p2 on i % 4 = 0 and p2.k = 1 + (i + 3) % 10
    ), ins as (
      insert into orders (organization_id, number, member_id, customer_name, status, subtotal,
        total, refunded_total, method, created_at, updated_at)
      select ${org}::uuid, 1000 + i, case when i % 6 = 0 then null else member_id end,
        case when i % 6 = 0 then 'Walk-in ' || i end,
        case when i % 50 = 0 then 'refunded' else 'paid' end,
        u1 * q1 + coalesce(u2, 0), u1 * q1 + coalesce(u2, 0),
        case when i % 50 = 0 then u1 * q1 + coalesce(u2, 0) else 0 end,
        case when i % 5 = 0 then 'cash' else 'card' end, at, at
      from o returning id, number
    ), lines as (
      insert into order_lines (organization_id, order_id, product_id, product_name, quantity,
        unit_price, line_total, returned_quantity)
      select ${org}::uuid, ins.id, o.p1, o.n1, o.q1, o.u1, o.u1 * o.q1, case when o.i % 50 = 0 then o.q1 else 0 end
      from ins join o on ins.number = 1000 + o.i
      union all
      select ${org}::uuid, ins.id, o.p2, o.n2, 1, o.u2, o.u2, case when o.i % 50 = 0 then 1 else 0 end
      from ins join o on ins.number = 1000 + o.i where o.p2 is not null
      returning 1
    )
    insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
      member_id, order_id, idempotency_key, method, provider, occurred_at, created_at)
    select ${org}::uuid, 'charge', 'order', case when o.i % 50 = 0 then 'refunded' else 'paid' end,
      o.u1 * o.q1 + coalesce(o.u2, 0), 'Order #' || (1000 + o.i),
      case when o.i % 6 = 0 then null else o.member_id end, ins.id, 'bench:order:' || o.i,
      case when o.i % 5 = 0 then 'cash' else 'card' end,
      case when o.i % 5 = 0 then 'manual' else 'demo' end, o.at, o.at
    from ins join o on ins.number = 1000 + o.i`);
  await db.execute(sql`
    insert into ledger_entries (organization_id, kind, purpose, status, amount, description,
      member_id, order_id, corrects_id, idempotency_key, method, provider, reason, occurred_at, created_at)
    select organization_id, 'refund', 'order', 'paid', -amount, 'Refund: ' || description,
      member_id, order_id, id, 'bench:order-refund:' || id, method, provider, 'Returned',
      least(occurred_at + interval '1 day', now()), least(occurred_at + interval '1 day', now())
    from ledger_entries
    where organization_id = ${org} and purpose = 'order' and kind = 'charge' and status = 'refunded'`);
  await db.execute(sql`
    insert into order_number_counters (organization_id, last_number)
    values (${org}::uuid, ${int(1000 + orders)})
    on conflict (organization_id) do update set last_number = excluded.last_number`);
}
