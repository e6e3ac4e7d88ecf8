import {
  AT_RISK_LIST_LIMIT,
  COHORT_OFFSETS,
  type AtRiskMember,
  type Cohort,
  type MemberMovement,
} from '@fitbase/domain/contracts/analytics';
import { AT_RISK_DAYS } from '@fitbase/domain/report-catalog';
import { Link } from 'react-router';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { formatBucket, formatValue } from '@/components/chart/format-value';
import { StudioCount } from '@/components/studio-count';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { percentText } from './analytics-layout';

/** "Nov 2026", "Nov. 2026": a YYYY-MM month in the studio's locale. */
const monthName = (month: string, locale: string) => formatBucket(`${month}-01`, 'month', locale);

/** Retention cohorts: members by the month of their first membership, share active later. */
export function CohortTable({ cohorts }: { cohorts: ReadonlyArray<Cohort> }) {
  const { locale } = useStudioFormat();
  const rows = cohorts.filter((c) => c.size > 0);
  if (rows.length === 0)
    return (
      <p role="status" className="py-6 text-center text-sm text-muted-foreground">
        No member started a membership in the last 12 months yet.
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption className="caption-top text-left">
          Share of each join month still active at the end of the 1st, 2nd, 3rd and 6th month after
          it (– until that month has ended).
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Joined</TableHead>
            <TableHead scope="col" className="text-right">
              Members
            </TableHead>
            {COHORT_OFFSETS.map((k) => (
              <TableHead key={k} scope="col" className="text-right">
                Month {k}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.month}>
              <TableHead scope="row" className="font-normal">
                {monthName(c.month, locale)}
              </TableHead>
              <TableCell className="text-right">
                <StudioCount value={c.size} />
              </TableCell>
              {c.retained.map((p, i) => (
                <TableCell key={COHORT_OFFSETS[i]} className="text-right">
                  {percentText(p, locale)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function ChurnTable({ movement }: { movement: ReadonlyArray<MemberMovement> }) {
  const { locale } = useStudioFormat();
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption className="caption-top text-left">
          Churn: members lost in the month ÷ members active on its first day.
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Month</TableHead>
            <TableHead scope="col" className="text-right">
              At start
            </TableHead>
            <TableHead scope="col" className="text-right">
              Added
            </TableHead>
            <TableHead scope="col" className="text-right">
              Lost
            </TableHead>
            <TableHead scope="col" className="text-right">
              At end
            </TableHead>
            <TableHead scope="col" className="text-right">
              Churn
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {[...movement].reverse().map((m) => (
            <TableRow key={m.month}>
              <TableHead scope="row" className="font-normal">
                {monthName(m.month, locale)}
              </TableHead>
              <TableCell className="text-right">
                <StudioCount value={m.atStart} />
              </TableCell>
              <TableCell className="text-right">
                <StudioCount value={m.added} />
              </TableCell>
              <TableCell className="text-right">
                <StudioCount value={m.lost} />
              </TableCell>
              <TableCell className="text-right">
                <StudioCount value={m.atEnd} />
              </TableCell>
              <TableCell className="text-right">{percentText(m.churnPercent, locale)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function AtRiskList({
  total,
  members,
  timeZone,
}: {
  total: number;
  members: ReadonlyArray<AtRiskMember>;
  timeZone: string;
}) {
  const studio = useStudioFormat();
  return (
    <section aria-labelledby="at-risk-title" className="space-y-2">
      <h2 id="at-risk-title" className="font-medium">
        At-risk members ({total.toLocaleString(studio.locale)})
      </h2>
      <p className="text-xs text-muted-foreground">
        Active members with no visit in the last {AT_RISK_DAYS} days, the longest absent first
        {total > AT_RISK_LIST_LIMIT ? ` (first ${AT_RISK_LIST_LIMIT} shown)` : ''}.
      </p>
      {members.length === 0 ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          No active member has been away for {AT_RISK_DAYS} days.
        </p>
      ) : (
        <ul className="divide-y">
          {members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                to={`/member/${m.id}`}
                className="font-medium underline-offset-4 hover:underline"
              >
                {m.firstName} {m.lastName}
              </Link>
              <span className="text-sm text-muted-foreground">
                {m.lastVisit
                  ? `Last visit ${formatValue('datetime', m.lastVisit, { ...studio, timeZone })} (${m.daysSinceVisit} days ago)`
                  : 'No visit yet'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
