import { activeRate } from '../tax/tax.service.ts';
import type { RealtimeAction } from '@fitbase/domain/contracts/events';
import type { Plan, planInputSchema, planUpdateSchema } from '@fitbase/domain/contracts/plans';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { OrganizationContext, StudioScope } from '../../http/types.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import * as queries from './plans.queries.ts';

/** The studio scope these services read: its organization, role and database handle. */
type StudioOrg = Pick<StudioScope, 'organizationId' | 'role' | 'db'>;

type PlanInput = z.output<typeof planInputSchema>;
type PlanUpdate = z.output<typeof planUpdateSchema>;
type PlanFields = PlanInput;

const PLAN = 'Plan';

/** A plan row as sold (memberships.service reads its terms). */
export type PlanRow = queries.PlanRow;

export function serializePlan(row: queries.PlanListRow): Plan {
  const { plan } = row;
  return {
    id: plan.id,
    serviceId: plan.serviceId,
    serviceName: row.serviceName,
    name: plan.name,
    description: plan.description,
    kind: plan.kind,
    price: plan.price,
    billingInterval: plan.billingInterval,
    signupFee: plan.signupFee,
    minimumTermPeriods: plan.minimumTermPeriods,
    weeklyClassLimit: plan.weeklyClassLimit,
    credits: plan.credits,
    validityDays: plan.validityDays,
    isActive: plan.isActive,
    soldOnline: plan.soldOnline,
    taxRateId: plan.taxRateId,
    activeMemberships: row.activeMemberships,
    createdAt: plan.createdAt.toISOString(),
  };
}

/**
 * Which fields each kind takes (docs/product/money-and-store.md#plans-and-memberships); a field
 * that does not belong to the kind, or a required one left empty, is refused with its message.
 */
function kindProblems(p: PlanFields): Record<string, string> {
  const fields: Record<string, string> = {};
  const recurring = p.kind === 'membership';
  if (recurring && !p.billingInterval) fields.billingInterval = 'Choose week, month or year';
  if (!recurring && p.billingInterval)
    fields.billingInterval = 'Only a membership bills every week, month or year';
  if (!recurring && p.minimumTermPeriods !== null)
    fields.minimumTermPeriods = 'Only a membership has a minimum term';
  if (!recurring && p.signupFee !== '0.00')
    fields.signupFee = 'Only a membership has a sign-up fee';
  if (p.kind === 'class_pack' && p.credits === null)
    fields.credits = 'A class pack needs its number of credits';
  if (p.kind === 'class_pack' && p.validityDays === null)
    fields.validityDays = 'A class pack needs how many days it is valid';
  if (p.kind === 'trial' && p.validityDays === null)
    fields.validityDays = 'A trial needs how many days it lasts';
  if ((p.kind === 'membership' || p.kind === 'add_on') && p.credits !== null)
    fields.credits = 'Only class packs, drop-ins and trials have credits';
  if (p.kind === 'membership' && p.validityDays !== null)
    fields.validityDays = 'A membership runs until cancelled: leave Valid for empty';
  if (p.kind === 'add_on' && p.weeklyClassLimit !== null)
    fields.weeklyClassLimit = 'An add-on does not pay for classes';
  return fields;
}

async function validate(db: Db | Tx, org: OrganizationContext, p: PlanFields): Promise<void> {
  const fields = kindProblems(p);
  if (p.serviceId && !(await queries.serviceExists(db, org.organizationId, p.serviceId)))
    fields.serviceId = 'Choose a service';
  const [first] = Object.values(fields);
  if (first) throw new AppError('validation_error', first, fields);
}

const notify = (org: StudioScope, action: RealtimeAction, id: string) =>
  publishChange(org.work, {
    organizationId: org.organizationId,
    entity: 'money',
    action,
    ids: [id],
  });

/** Every role sees the plans (money.view): the front desk sells them. */
export async function listPlans(org: StudioOrg, filter: { serviceId?: string; active?: boolean }) {
  const rows = await queries.listPlans(org.db, org.organizationId, filter);
  return { plans: rows.map(serializePlan) };
}

export async function createPlan(org: StudioScope, input: PlanInput) {
  return org.db.transaction(async (tx) => {
    await validate(tx, org, input);
    if (input.taxRateId) await activeRate(tx, org.organizationId, input.taxRateId);
    const row = await queries.insertPlan(tx, org.organizationId, input);
    notify(org, 'created', row.id);
    const found = await queries.findPlan(tx, org.organizationId, row.id);
    if (!found) throw notFound(PLAN);
    return serializePlan(found);
  });
}

/**
 * A change applies to future sales only: sold memberships keep the price they were sold at.
 * The kind of a plan that was sold cannot change (its memberships were made for that kind).
 */
export async function updatePlan(org: StudioScope, id: string, input: PlanUpdate): Promise<Plan> {
  return org.db.transaction(async (tx) => {
    const current = await queries.findPlan(tx, org.organizationId, id);
    if (!current) throw notFound(PLAN);
    const merged: PlanFields = { ...pickFields(current.plan), ...definedOnly(input) };
    if (
      merged.kind !== current.plan.kind &&
      (await queries.planWasSold(tx, org.organizationId, id))
    )
      throw conflict(
        `${current.plan.name} was sold to members, so its type cannot change: add a new plan instead.`,
      );
    await validate(tx, org, merged);
    if (input.taxRateId && input.taxRateId !== current.plan.taxRateId)
      await activeRate(tx, org.organizationId, input.taxRateId);
    await queries.updatePlan(tx, org.organizationId, id, definedOnly(input));
    notify(org, 'updated', id);
    const row = await queries.findPlan(tx, org.organizationId, id);
    if (!row) throw notFound(PLAN);
    return serializePlan(row);
  });
}

/** A plan that was never sold is deleted; a sold one must be deactivated (its history stays). */
export async function deletePlan(org: StudioScope, id: string): Promise<void> {
  await org.db.transaction(async (tx) => {
    const current = await queries.findPlan(tx, org.organizationId, id);
    if (!current) throw notFound(PLAN);
    if (await queries.planWasSold(tx, org.organizationId, id))
      throw conflict(
        `${current.plan.name} was sold to members, so it cannot be deleted: deactivate it instead.`,
      );
    await queries.deletePlan(tx, org.organizationId, id);
    notify(org, 'deleted', id);
  });
}

/** The plan to sell: it must exist in this studio and be active. */
export async function planForSale(
  tx: Db | Tx,
  org: Pick<OrganizationContext, 'organizationId'>,
  id: string,
) {
  const row = await queries.findPlan(tx, org.organizationId, id);
  if (!row) throw new AppError('validation_error', 'Choose a plan', { planId: 'Choose a plan' });
  if (!row.plan.isActive)
    throw new AppError('plan_inactive', `${row.plan.name} is no longer sold: choose another plan.`);
  return row.plan;
}

/** A plan of this studio, active or not (renewing a membership of it, naming it). */
export async function findPlan(tx: Db | Tx, org: OrganizationContext, id: string) {
  return (await queries.findPlan(tx, org.organizationId, id))?.plan ?? null;
}

function pickFields(row: queries.PlanRow): PlanFields {
  return {
    serviceId: row.serviceId,
    name: row.name,
    description: row.description,
    kind: row.kind,
    price: row.price,
    billingInterval: row.billingInterval,
    signupFee: row.signupFee,
    minimumTermPeriods: row.minimumTermPeriods,
    weeklyClassLimit: row.weeklyClassLimit,
    credits: row.credits,
    validityDays: row.validityDays,
    isActive: row.isActive,
    soldOnline: row.soldOnline,
    taxRateId: row.taxRateId,
  };
}

function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
