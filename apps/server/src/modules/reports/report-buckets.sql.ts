import type { ChartBucket } from '@fitbase/domain/report-rules';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The first day (a date) of the chart bucket holding a local timestamp or date, as bucketStarts
 * of report-rules.ts counts them: days, months, and weeks from the studio locale's first day
 * (`weekStartsOn`, 0 = Sunday). PostgreSQL's date_trunc('week') starts on Monday, so the day is
 * shifted forward to that Monday's place and the start shifted back by as much.
 */
export function bucketStartSql(bucket: ChartBucket, local: SQL, weekStartsOn: number): SQL {
  if (bucket === 'day') return sql`(${local})::date`;
  if (bucket === 'month') return sql`date_trunc('month', ${local})::date`;
  if (!Number.isInteger(weekStartsOn) || weekStartsOn < 0 || weekStartsOn > 6)
    throw new Error(`weekStartsOn is a weekday 0..6, not ${weekStartsOn}`);
  // A whole number 0..6 computed here, written into the statement as a literal: a bound
  // parameter would leave `date - $1` without a type.
  const shift = sql.raw(String((8 - weekStartsOn) % 7));
  return sql`(date_trunc('week', (${local})::timestamp + interval '1 day' * ${shift})::date - ${shift})`;
}
