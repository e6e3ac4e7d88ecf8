import type { MembershipState, PlanKind } from '@fitbase/domain/money-constants';
import { addDays } from '@fitbase/domain/recurrence';
import { memberStatusOn, type MembershipSpan } from '@fitbase/domain/report-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { waitForSession } from '../../../test/fixtures/transactions.ts';
import { createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Tx } from '../../db/client.ts';
import { sqlRows } from '../../../test/sql-rows.ts';

// docs/product/reports-and-analytics.md#speed: the Members report and the member analytics read
// each member's access spans (migration 0030), so after every kind of write to memberships,
// pauses and plans, made as the tenant role, the spans must give every member the status the
// pure rules (report-rules.ts memberStatusOn) give them, on every day.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const BASE = '2025-01-01';
const KINDS: PlanKind[] = ['membership', 'class_pack', 'trial', 'add_on'];
const STATES: MembershipState[] = ['active', 'paused', 'cancelled', 'expired'];
/** Every day from before the first start to after the last date any membership can have. */
const DAYS = Array.from({ length: 1000 }, (_, i) => addDays(BASE, i - 20));

interface Span {
  member_id: string;
  kind: 'started' | 'covered' | 'active';
  lo: string;
  hi: string | null;
}

const holds = (s: Span, day: string) => s.lo <= day && (s.hi === null || day < s.hi);

describe('member access spans', () => {
  let org: string;
  let people: string[];
  let plans: Map<PlanKind, string>;
  const inStudio = <T>(work: (tx: Tx) => Promise<T>) => runInStudio(t.deps.database.db, org, work);

  /** Every member's status on every day, from the spans and from the rules: the same. */
  async function agree(): Promise<number> {
    const { memberships, pauses, spans } = await inStudio(async (tx) => ({
      memberships: await sqlRows<{
        id: string;
        member_id: string;
        kind: PlanKind;
        status: MembershipState;
        start_date: string;
        end_date: string | null;
      }>(
        tx,
        sql`select m.id, m.member_id, p.kind, m.status, m.start_date::text, m.end_date::text
          from memberships m join plans p on p.id = m.plan_id where m.organization_id = ${org}`,
      ),
      pauses: await sqlRows<{
        membership_id: string;
        paused_on: string;
        resumed_on: string | null;
      }>(
        tx,
        sql`select membership_id, paused_on::text, resumed_on::text from membership_pauses
          where organization_id = ${org}`,
      ),
      spans: await sqlRows<Span>(
        tx,
        sql`select member_id, kind, lo::text, hi::text from member_access_spans
          where organization_id = ${org}`,
      ),
    }));
    const byMember = new Map<string, MembershipSpan[]>();
    for (const m of memberships)
      byMember.set(m.member_id, [
        ...(byMember.get(m.member_id) ?? []),
        {
          kind: m.kind,
          status: m.status,
          startDate: m.start_date,
          endDate: m.end_date,
          pauses: pauses
            .filter((p) => p.membership_id === m.id)
            .map((p) => ({ pausedOn: p.paused_on, resumedOn: p.resumed_on })),
        },
      ]);
    let statuses = 0;
    for (const member of people) {
      const own = spans.filter((s) => s.member_id === member);
      // Spans of one kind are disjoint and not adjacent (merged), so "holds" counts once.
      for (const kind of ['covered', 'active'] as const) {
        const list = own.filter((s) => s.kind === kind).sort((a, b) => (a.lo < b.lo ? -1 : 1));
        for (let i = 1; i < list.length; i++) expect(list[i - 1]!.hi! < list[i]!.lo).toBe(true);
      }
      for (const day of DAYS) {
        const expected = memberStatusOn(byMember.get(member) ?? [], day);
        const covered = own.some((s) => s.kind === 'covered' && holds(s, day));
        const active = own.some((s) => s.kind === 'active' && holds(s, day));
        const started = own.some((s) => s.kind === 'started' && holds(s, day));
        const got = active ? 'active' : covered ? 'paused' : started ? 'expired' : null;
        if (got !== expected) expect({ member, day, got }).toEqual({ member, day, got: expected });
        if (got) statuses += 1;
      }
    }
    return statuses;
  }

  beforeAll(async () => {
    const owner = await createOwner(t.app);
    org = owner.organization.id;
    people = (await insertMembers(t, org, 12)).map((m) => m.id);
    plans = new Map();
    await inStudio(async (tx) => {
      for (const kind of KINDS) {
        const [row] = await sqlRows<{ id: string }>(
          tx,
          sql`insert into plans (organization_id, name, kind, price, billing_interval)
            values (${org}, ${kind}, ${kind}, '10.00', ${kind === 'membership' ? 'month' : null})
            returning id`,
        );
        plans.set(kind, row!.id);
      }
    });
  });

  it('follow inserts, changed dates, stops, pauses, moves, plan kinds and deletions', async () => {
    // A fixed history: every member but the last gets memberships of several kinds and states,
    // some open-ended, in one statement.
    const values = people.slice(0, -1).flatMap((member, i) =>
      [0, 1, 2].map((k) => {
        const kind = KINDS[(i + k) % KINDS.length]!;
        const start = addDays(BASE, i * 37 + k * 90);
        const end = (i + k) % 3 === 0 ? null : addDays(start, 20 + ((i * 7 + k) % 60));
        const status = STATES[(i * 2 + k) % STATES.length]!;
        return sql`(${org}, ${member}, ${plans.get(kind)!}, ${status}, '10.00', ${start}, ${end})`;
      }),
    );
    await inStudio((tx) =>
      tx.execute(sql`insert into memberships (organization_id, member_id, plan_id, status, price, start_date, end_date)
        values ${sql.join(values, sql`, `)}`),
    );
    const first = await agree();
    expect(first).toBeGreaterThan(0);

    const step = (statement: ReturnType<typeof sql>) =>
      inStudio((tx) => tx.execute(statement)).then(agree);
    const ids = await inStudio((tx) =>
      sqlRows<{ id: string; member_id: string }>(
        tx,
        sql`select id, member_id from memberships where organization_id = ${org} order by start_date, id`,
      ),
    );
    const some = (every: number, offset = 0) => ids.filter((_, i) => i % every === offset);
    const idList = (list: Array<{ id: string }>) =>
      sql.join(
        list.map((m) => sql`${m.id}::uuid`),
        sql`, `,
      );

    // Pauses: open ones and resumed ones, in one statement.
    await step(sql`insert into membership_pauses (organization_id, membership_id, paused_on, resumed_on)
      select organization_id, id, start_date + 5,
        case when start_date::text like '%5' then null else start_date + 15 end
      from memberships where id in (${idList(some(2))})`);
    // Dates moved: longer, shorter, made open-ended.
    await step(
      sql`update memberships set end_date = end_date + 30 where id in (${idList(some(3))}) and end_date is not null`,
    );
    await step(sql`update memberships set end_date = null where id in (${idList(some(4, 1))})`);
    // An open-ended membership stopped: it covers its start day only.
    await step(
      sql`update memberships set status = 'cancelled' where id in (${idList(some(3, 1))}) and end_date is null`,
    );
    // Pauses resumed, moved and deleted.
    await step(
      sql`update membership_pauses set resumed_on = paused_on + 3 where resumed_on is null`,
    );
    await step(
      sql`update membership_pauses set paused_on = paused_on + 1 where membership_id in (${idList(some(4))})`,
    );
    await step(sql`delete from membership_pauses where membership_id in (${idList(some(6))})`);
    // A membership moved to the member who had none, and another's plan changed.
    await step(sql`update memberships set member_id = ${people.at(-1)!} where id = ${ids[0]!.id}`);
    await step(
      sql`update memberships set plan_id = ${plans.get('add_on')!} where id = ${ids[1]!.id}`,
    );
    // A plan that becomes an add-on, and back.
    await step(sql`update plans set kind = 'add_on' where id = ${plans.get('trial')!}`);
    await step(sql`update plans set kind = 'trial' where id = ${plans.get('trial')!}`);
    // Deletions: memberships (their pauses go with them), then a member.
    await step(sql`delete from memberships where id in (${idList(some(5, 2))})`);
    const gone = ids[3]!.member_id;
    await step(sql`delete from members where id = ${gone}`);
    people = people.filter((p) => p !== gone);
    const spansOfGone = await inStudio((tx) =>
      sqlRows(tx, sql`select 1 from member_access_spans where member_id = ${gone}`),
    );
    expect(spansOfGone).toEqual([]);
  }, 60_000);

  // Two transactions writing one member's memberships at once: the second waits for the first
  // (the member row lock in fitbase_member_access_refresh), then reads its membership too.
  it.runIf(process.env.DATABASE_URL)('see a concurrent write to the same member', async () => {
    const member = people[0]!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const insert = (start: string) =>
      sql`insert into memberships (organization_id, member_id, plan_id, status, price, start_date, end_date)
        values (${org}, ${member}, ${plans.get('membership')!}, 'active', '10.00', ${start}, ${addDays(start, 9)})`;
    const first = inStudio(async (tx) => {
      await tx.execute(insert('2027-01-01'));
      await held;
    });
    // The first has locked the member's row once its insert is done; start the second then.
    await waitForSession(t.deps.database.db, 'idle in transaction');
    const second = inStudio((tx) => tx.execute(insert('2027-02-01')));
    await waitForSession(t.deps.database.db, 'waiting on a lock');
    release();
    await Promise.all([first, second]);
    await agree();
    const spans = await inStudio((tx) =>
      sqlRows<{ lo: string }>(
        tx,
        sql`select lo::text from member_access_spans
          where member_id = ${member} and kind = 'covered' and lo >= '2027-01-01' order by lo`,
      ),
    );
    expect(spans.map((s) => s.lo)).toEqual(['2027-01-01', '2027-02-01']);
  });
});
