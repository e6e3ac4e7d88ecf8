import { amountProblem, type StudioFormat } from '@fitbase/domain/studio-format';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { organizations } from '../db/schema/organizations.ts';
import { AppError, notFound } from '../lib/errors.ts';

/**
 * The studio's currency, locale and time zone: what every email, PDF, CSV and report formats
 * amounts and dates with (packages/domain/src/studio-format.ts, ADR 0038).
 */
export async function studioFormat(db: Db | Tx, organizationId: string): Promise<StudioFormat> {
  const [row] = await db
    .select({
      currency: organizations.currency,
      locale: organizations.locale,
      timeZone: organizations.timezone,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound('Organization');
  return row;
}

/** The studio's locale alone: for answers and emails that quote a date ("ends on 29.04.2027"). */
export async function studioLocale(db: Db | Tx, organizationId: string): Promise<string> {
  return (await studioFormat(db, organizationId)).locale;
}

/**
 * Refuses (400 validation_error, naming the field) an amount with more decimals than the
 * studio's currency has ("JPY amounts have no decimals") or above its cap ("Amounts cannot be
 * more than $100,000.00"): the per-studio part the contracts' static amountSchema cannot know
 * (docs/decisions/0043-three-decimal-currencies.md).
 * Returns the input so a route can wrap `c.req.valid('json')`.
 */
export async function fitsCurrency<T extends object>(
  scope: { db: Db | Tx; organizationId: string },
  input: T,
  fields: ReadonlyArray<keyof T & string>,
): Promise<T> {
  const present = fields.filter((f) => typeof input[f] === 'string');
  if (present.length === 0) return input;
  const format = await studioFormat(scope.db, scope.organizationId);
  for (const field of present) {
    const problem = amountProblem(input[field] as string, format);
    if (problem) throw new AppError('validation_error', problem, { [field]: problem });
  }
  return input;
}
