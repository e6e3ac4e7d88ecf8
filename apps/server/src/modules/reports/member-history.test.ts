import type { MembershipState, PlanKind } from '@fitbase/domain/money-constants';
import { addDays } from '@fitbase/domain/recurrence';
import {
  memberStatusOn,
  membershipOrigin,
  type MembershipSpan,
} from '@fitbase/domain/report-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { activeMemberIdsOnSql, memberStatusCountsOn } from './member-history.service.ts';
import { selectOriginsOfStarts } from './membership-reports.sql.ts';

// The SQL of "member status on day D" and of a membership's origin against the pure rules of
// report-rules.ts, on a generated history (docs/product/reports-and-analytics.md#members).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE = '2025-01-01';
const KINDS: PlanKind[] = ['membership', 'membership', 'class_pack', 'drop_in', 'trial', 'add_on'];
const STATES: MembershipState[] = ['active', 'paused', 'past_due', 'cancelled', 'expired'];

interface Generated extends MembershipSpan {
  id: string;
  memberId: string;
}

describe('member history SQL', () => {
  it('agrees with memberStatusOn and membershipOrigin on a generated history', async () => {
    const owner = await createOwner(t.app);
    const org = owner.organization.id;
    const db = t.deps.database.db;
    const people = await insertMembers(t, org, 50);
    const next = random(20261123);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const int = (n: number) => Math.floor(next() * n);

    const generated = await runInStudio(db, org, async (tx) => {
      const plans = new Map<PlanKind, string>();
      for (const kind of new Set(KINDS)) {
        const result = (await tx.execute(sql`
          insert into plans (organization_id, name, kind, price, billing_interval)
          values (${org}, ${kind}, ${kind}, '10.00', ${kind === 'membership' ? 'month' : null})
          returning id`)) as unknown as { rows: Array<{ id: string }> };
        plans.set(kind, result.rows[0]!.id);
      }
      const all: Generated[] = [];
      // Member 0 has none (never counted); the others 1 to 4 memberships over two years.
      for (const person of people.slice(1)) {
        for (let k = 0, n = 1 + int(4); k < n; k++) {
          const kind = pick(KINDS);
          const status = pick(STATES);
          const startDate = addDays(BASE, int(700));
          const endDate = next() < 0.3 ? null : addDays(startDate, int(120));
          const pauses: Array<{ pausedOn: string; resumedOn: string | null }> = [];
          if (next() < 0.4) {
            const pausedOn = addDays(startDate, int(60));
            pauses.push({ pausedOn, resumedOn: next() < 0.3 ? null : addDays(pausedOn, int(40)) });
          }
          all.push({ id: '', memberId: person.id, kind, status, startDate, endDate, pauses });
        }
      }
      // One statement each (the rows keep their order), so the set-up stays quick under load.
      const inserted = (await tx.execute(sql`
        insert into memberships (organization_id, member_id, plan_id, status, price, start_date, end_date)
        values ${sql.join(
          all.map(
            (m) =>
              sql`(${org}, ${m.memberId}, ${plans.get(m.kind)!}, ${m.status}, '10.00', ${m.startDate}, ${m.endDate})`,
          ),
          sql`, `,
        )}
        returning id`)) as unknown as { rows: Array<{ id: string }> };
      for (const [i, m] of all.entries()) m.id = inserted.rows[i]!.id;
      const pauses = all.flatMap((m) => m.pauses.map((p) => ({ ...p, id: m.id })));
      await tx.execute(sql`
        insert into membership_pauses (organization_id, membership_id, paused_on, resumed_on)
        values ${sql.join(
          pauses.map((p) => sql`(${org}, ${p.id}, ${p.pausedOn}, ${p.resumedOn})`),
          sql`, `,
        )}`);
      return all;
    });

    const byMember = new Map<string, Generated[]>();
    for (const m of generated) byMember.set(m.memberId, [...(byMember.get(m.memberId) ?? []), m]);
    const days = Array.from({ length: 16 }, (_, i) => addDays(BASE, i * 53 - 30));
    const counts = await runInStudio(db, org, (tx) => memberStatusCountsOn(tx, org, days));
    for (const [i, day] of days.entries()) {
      const expected = { day, active: 0, paused: 0, expired: 0 };
      const active: string[] = [];
      for (const [memberId, list] of byMember) {
        const status = memberStatusOn(list, day);
        if (status) expected[status] += 1;
        if (status === 'active') active.push(memberId);
      }
      expect(counts[i], day).toEqual(expected);
      const ids = await runInStudio(db, org, async (tx) => {
        const result = (await tx.execute(activeMemberIdsOnSql(org, day))) as unknown as {
          rows: Array<{ member_id: string }>;
        };
        return result.rows.map((r) => r.member_id).sort();
      });
      expect(ids, day).toEqual(active.sort());
    }
    // Something of each status was generated, so the comparison means something.
    expect(counts.some((c) => c.active > 0 && c.paused > 0 && c.expired > 0)).toBe(true);

    const origins = await runInStudio(db, org, (tx) =>
      selectOriginsOfStarts(tx, org, '2000-01-01', '2100-01-01'),
    );
    expect(origins).toHaveLength(generated.length);
    for (const m of generated) {
      const others = byMember.get(m.memberId)!.filter((o) => o.id !== m.id);
      expect(origins.find((o) => o.id === m.id)?.origin, m.id).toBe(
        membershipOrigin(m.startDate, others),
      );
    }
  }, 120_000);
});
