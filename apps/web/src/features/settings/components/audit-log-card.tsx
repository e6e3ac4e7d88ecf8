import {
  AUDIT_ACTION_LABELS,
  AUDIT_TABLE_LABELS,
  type AuditEntry,
} from '@fitbase/domain/contracts/audit';
import { AUDIT_ACTIONS, type AuditAction } from '@fitbase/domain/settings-constants';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/form/filter-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { errorMessage } from '@/lib/api/api-error';
import { reportError } from '@/lib/report-error';
import { downloadAuditCsv, useAuditLog, useAuditPeople, type AuditFilters } from '../api/audit-log';
import { AuditDiff } from './audit-diff';

const AREA_OPTIONS = Object.entries(AUDIT_TABLE_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({
  value,
  label: AUDIT_ACTION_LABELS[value],
}));

const areaLabel = (entity: string) =>
  AUDIT_TABLE_LABELS[entity as keyof typeof AUDIT_TABLE_LABELS] ?? entity;

/**
 * When a change was made, in the studio's locale and zone (ADR 0038); seconds kept, as an audit
 * trail orders changes made within the same minute.
 */
function AuditTime({ instant }: { instant: string }) {
  const { locale, timeZone } = useStudioFormat();
  return (
    <>
      {new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'medium',
        timeZone,
      }).format(new Date(instant))}
    </>
  );
}

const columns: DataTableColumn<AuditEntry>[] = [
  {
    id: 'when',
    header: 'When',
    primary: true,
    cell: (e) => <AuditTime instant={e.createdAt} />,
  },
  { id: 'who', header: 'Who', cell: (e) => e.actorName ?? 'Former member of staff' },
  {
    id: 'what',
    header: 'What',
    cell: (e) => `${AUDIT_ACTION_LABELS[e.action]} · ${areaLabel(e.entity)}`,
  },
  { id: 'changes', header: 'Before → after', cell: (e) => <AuditDiff entry={e} /> },
  { id: 'ip', header: 'IP', cell: (e) => e.actorIp ?? '—', hiddenByDefault: false },
];

/** The studio's audit log (owners and admins): every staff change, filterable and exportable. */
export function AuditLogCard() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [exporting, setExporting] = useState(false);
  const log = useAuditLog(filters);
  const people = useAuditPeople();
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K] | null) =>
    setFilters((f) => ({ ...f, [key]: value || undefined }));
  const rows = log.data?.pages.flatMap((p) => p.items);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filters);
    } catch (error) {
      reportError(error, { title: null, fallback: 'The export could not be made' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>Audit log</CardTitle>
          <CardDescription>
            Every change made by staff: who, what, when, before → after and from which IP. It is
            kept and cannot be edited.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={exportCsv} disabled={exporting}>
          <Download aria-hidden /> {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Audit log"
          columns={columns}
          rows={rows}
          getRowId={(e) => e.id}
          loading={log.isPending}
          fetching={log.isFetching && !log.isFetchingNextPage}
          error={log.isError ? errorMessage(log.error, 'The audit log could not be loaded') : null}
          empty="No changes match these filters."
          pagination={{
            mode: 'more',
            hasMore: Boolean(log.hasNextPage),
            loadingMore: log.isFetchingNextPage,
            onLoadMore: () => void log.fetchNextPage(),
          }}
          toolbar={
            <div className="flex flex-wrap items-center gap-3">
              <FilterSelect
                label="Person"
                allLabel="Everyone"
                value={filters.actorUserId ?? null}
                onChange={(v) => set('actorUserId', v)}
                options={(people.data ?? []).map((p) => ({ value: p.userId, label: p.name }))}
              />
              <FilterSelect
                label="Area"
                allLabel="All areas"
                value={filters.entity ?? null}
                onChange={(v) => set('entity', v as AuditFilters['entity'])}
                options={AREA_OPTIONS}
              />
              <FilterSelect
                label="Action"
                allLabel="All actions"
                value={filters.action ?? null}
                onChange={(v) => set('action', v as AuditAction | null)}
                options={ACTION_OPTIONS}
              />
              <DayInput label="From" value={filters.from} onChange={(v) => set('from', v)} />
              <DayInput label="To" value={filters.to} onChange={(v) => set('to', v)} />
            </div>
          }
        />
      </CardContent>
    </Card>
  );
}

function DayInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const id = `audit-${label.toLowerCase()}`;
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        className="w-40"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      />
    </div>
  );
}
