import type { ImportRowError } from '@fitbase/domain/contracts/data-import';
import { SETUP_PLANS, type SubscriptionTier } from '@fitbase/domain/constants';
import type { ImportKind } from '@fitbase/domain/settings-constants';
import { TZDate } from '@date-fns/tz';
import type { Db } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import {
  toLead,
  toMember,
  toMembership,
  toVisit,
  type CsvFile,
  type RowResult,
  type VisitRowValue,
} from './data-import-rows.ts';
import { syncMemberStatus } from '../memberships/memberships.service.ts';
import * as q from './data-import.queries.ts';

/**
 * One batch of rows: validate, match what is already there, and (unless dry run) insert the
 * rest. A batch is one multi-row INSERT in a savepoint; if it fails, each of its rows is tried
 * in its own savepoint, so a failing row never stops the others and nothing is half-written.
 */

export interface Studio {
  maxMembers: number | null;
  tier: SubscriptionTier;
  timezone: string;
}

export interface BatchContext {
  organizationId: string;
  /** The unit of work the batch writes in (its announcements go out when it commits). */
  work: UnitOfWork;
  kind: ImportKind;
  read: (cells: string[]) => { values: Record<string, unknown>; problems: string[] };
  studio: Studio;
  /** Null in a dry run: nothing is written. */
  importId: string | null;
  createdBy: string | null;
  /** Keys already seen in this file (a repeated row is skipped like an existing one). */
  seen: Set<string>;
  /** Dry run: members the file would have added so far (the limit check counts them). */
  pendingMembers: number;
}

export interface BatchOutcome {
  created: number;
  skipped: number;
  errors: ImportRowError[];
}

export const IMPORT_BATCH_SIZE = 1000;

export function memberLimitRowMessage(studio: Studio): string {
  const plan = SETUP_PLANS.find((p) => p.tier === studio.tier);
  const name = plan ? plan.label.split(' ')[0] : studio.tier;
  return `your plan allows ${studio.maxMembers} members (${name}); upgrade in Settings › Billing`;
}

type Valid<T> = { row: number; value: T };

function validate<T>(
  rows: CsvFile['rows'],
  ctx: BatchContext,
  convert: (v: Record<string, unknown>) => RowResult<T>,
  out: BatchOutcome,
) {
  const valid: Valid<T>[] = [];
  for (const { row, cells } of rows) {
    const { values, problems } = ctx.read(cells);
    if (problems.length) {
      out.errors.push({ row, message: problems.join('; ') });
      continue;
    }
    const result = convert(values);
    if (result.ok) valid.push({ row, value: result.value });
    else out.errors.push({ row, message: result.message });
  }
  return valid;
}

/** Inserts in one savepoint, or row by row when that fails; returns the created ids. */
async function insertSafely<T>(
  tx: Db,
  items: Valid<T>[],
  insert: (h: Db, values: T[]) => Promise<Array<{ id: string }>>,
  out: BatchOutcome,
): Promise<string[]> {
  if (items.length === 0) return [];
  try {
    const rows = await tx.transaction((sp) =>
      insert(
        sp,
        items.map((i) => i.value),
      ),
    );
    return rows.map((r) => r.id);
  } catch {
    const ids: string[] = [];
    for (const item of items) {
      try {
        const rows = await tx.transaction((sp) => insert(sp, [item.value]));
        ids.push(...rows.map((r) => r.id));
      } catch (error) {
        const detail = (error as { cause?: { message?: string }; message?: string }).cause?.message;
        out.errors.push({
          row: item.row,
          message: `could not be saved (${detail ?? 'database error'})`,
        });
      }
    }
    return ids;
  }
}

function visitInstant(v: VisitRowValue['visit'], timezone: string): Date {
  if (v.offset) return new Date(`${v.local}${v.offset}`);
  const [d, t] = v.local.split('T') as [string, string];
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const [h, min, s] = t.split(':').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, day, h, min, s, timezone).getTime());
}

export async function processBatch(
  tx: Db,
  ctx: BatchContext,
  rows: CsvFile['rows'],
): Promise<BatchOutcome> {
  const out: BatchOutcome = { created: 0, skipped: 0, errors: [] };
  const write = ctx.importId !== null;
  const record = async (table: q.ImportedTable, ids: string[]) => {
    out.created += ids.length;
    if (write) await q.insertImportRecords(tx, ctx.organizationId, ctx.importId!, table, ids);
  };
  const firstSeen = (key: string) => {
    if (ctx.seen.has(key)) return false;
    ctx.seen.add(key);
    return true;
  };

  if (ctx.kind === 'members') {
    const valid = validate(rows, ctx, toMember, out);
    const existing = await q.membersByEmail(
      tx,
      ctx.organizationId,
      valid.map((v) => v.value.email.toLowerCase()),
    );
    let fresh = valid.filter((v) => {
      const key = v.value.email.toLowerCase();
      if (existing.has(key) || !firstSeen(key)) out.skipped++;
      else return true;
      return false;
    });
    if (ctx.studio.maxMembers !== null) {
      const count = (await q.countMembers(tx, ctx.organizationId)) + ctx.pendingMembers;
      const room = Math.max(0, ctx.studio.maxMembers - count);
      for (const v of fresh.slice(room))
        out.errors.push({ row: v.row, message: memberLimitRowMessage(ctx.studio) });
      fresh = fresh.slice(0, room);
    }
    if (!write) {
      out.created = fresh.length;
      ctx.pendingMembers += fresh.length;
    } else {
      const errorsBefore = out.errors.length;
      const ids = await insertSafely(
        tx,
        fresh,
        (h, values) =>
          q.insertMembers(
            h,
            values.map(({ plan: _plan, ...v }) => ({
              ...v,
              organizationId: ctx.organizationId,
              createdBy: ctx.createdBy,
              marketingConsentAt: v.marketingConsent ? new Date() : null,
            })),
          ),
        out,
      );
      // Rows the unique email index turned away (added meanwhile) count as already there.
      out.skipped += fresh.length - ids.length - (out.errors.length - errorsBefore);
      await record('members', ids);
    }
  } else if (ctx.kind === 'leads') {
    const valid = validate(rows, ctx, toLead, out);
    const emails = valid.flatMap((v) => (v.value.email ? [v.value.email.toLowerCase()] : []));
    const phones = valid.flatMap((v) => (!v.value.email && v.value.phone ? [v.value.phone] : []));
    const existing = await q.leadKeys(tx, ctx.organizationId, emails, phones);
    const fresh = valid.filter((v) => {
      // Matched by email; a lead with a phone only is matched by that phone.
      const email = v.value.email?.toLowerCase();
      const there = email ? existing.emails.has(email) : existing.phones.has(v.value.phone!);
      if (there || !firstSeen(email ? `e:${email}` : `p:${v.value.phone}`)) out.skipped++;
      else return true;
      return false;
    });
    if (!write) out.created = fresh.length;
    else {
      const sources = await q.sourcesByName(tx, ctx.organizationId);
      const newSources: string[] = [];
      for (const v of fresh) {
        const name = v.value.source?.trim();
        if (!name || sources.has(name.toLowerCase())) continue;
        const id = await q.insertLeadSource(tx, ctx.organizationId, name.slice(0, 100));
        if (id) newSources.push(id);
        sources.set(name.toLowerCase(), id ?? '');
      }
      if (newSources.length) {
        await q.insertImportRecords(
          tx,
          ctx.organizationId,
          ctx.importId!,
          'lead_sources',
          newSources,
        );
      }
      const ids = await insertSafely(
        tx,
        fresh,
        (h, values) =>
          q.insertLeads(
            h,
            values.map(({ source, ...v }) => ({
              ...v,
              organizationId: ctx.organizationId,
              sourceId: (source && sources.get(source.trim().toLowerCase())) || null,
            })),
          ),
        out,
      );
      await record('leads', ids);
    }
  } else {
    const isVisit = ctx.kind === 'visits';
    const valid = isVisit
      ? validate(rows, ctx, toVisit, out)
      : validate(rows, ctx, toMembership, out);
    const membersMap = await q.membersByEmail(
      tx,
      ctx.organizationId,
      valid.map((v) => v.value.memberEmail.toLowerCase()),
    );
    const memberIds = [...new Set(membersMap.values())];
    const plans = isVisit ? new Map() : await q.plansByName(tx, ctx.organizationId);
    const keys = isVisit
      ? await q.visitKeys(tx, ctx.organizationId, memberIds)
      : await q.membershipKeys(tx, ctx.organizationId, memberIds);
    const fresh: Valid<Record<string, unknown>>[] = [];
    for (const v of valid) {
      const memberId = membersMap.get(v.value.memberEmail.toLowerCase());
      if (!memberId) {
        out.errors.push({
          row: v.row,
          message: `no member has the email ${v.value.memberEmail}; import the members first`,
        });
        continue;
      }
      let insert: Record<string, unknown>;
      let key: string;
      if ('visit' in v.value) {
        const at = visitInstant(v.value.visit, ctx.studio.timezone);
        key = `${memberId}|${at.getTime()}`;
        insert = {
          organizationId: ctx.organizationId,
          memberId,
          visitDate: at,
          visitType: v.value.visitType,
          recordedBy: ctx.createdBy,
        };
      } else {
        const plan = plans.get(v.value.planName.trim().toLowerCase());
        if (!plan) {
          out.errors.push({
            row: v.row,
            message: `there is no plan named "${v.value.planName}"; add it in Money › Plans first`,
          });
          continue;
        }
        key = `${memberId}|${plan.id}|${v.value.startDate}`;
        const today = new Date().toISOString().slice(0, 10);
        insert = {
          organizationId: ctx.organizationId,
          memberId,
          planId: plan.id,
          // An imported membership is history: without a status it is active until its end date.
          status:
            v.value.status ?? (v.value.endDate && v.value.endDate < today ? 'expired' : 'active'),
          price: v.value.price ?? plan.price,
          startDate: v.value.startDate,
          endDate: v.value.endDate,
          creditsRemaining: plan.credits,
          soldBy: ctx.createdBy,
        };
      }
      if (keys.has(key) || !firstSeen(key)) out.skipped++;
      else fresh.push({ row: v.row, value: insert });
    }
    if (!write) out.created = fresh.length;
    else if (isVisit) {
      await record(
        'member_visits',
        await insertSafely(tx, fresh, (h, values) => q.insertVisits(h, values as never), out),
      );
    } else {
      await record(
        'memberships',
        await insertSafely(tx, fresh, (h, values) => q.insertMemberships(h, values as never), out),
      );
      // The members' status, type and dates follow from their memberships (the one rule), so
      // the directory shows an imported membership like a sold one.
      const touched = new Set(fresh.map((f) => f.value.memberId as string));
      for (const memberId of touched)
        await syncMemberStatus(tx, ctx.work, ctx.organizationId, memberId);
    }
  }
  out.errors.sort((a, b) => a.row - b.row);
  return out;
}
