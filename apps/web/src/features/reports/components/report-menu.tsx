import {
  REPORT_GROUP_LABELS,
  reportEntry,
  reportsOfGroup,
  type ReportGroup,
  type ReportId,
} from '@fitbase/domain/report-catalog';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cn } from '@/lib/utils';

/**
 * The reports menu: collapsible groups (Revenue open by default, and the group of the report
 * on screen), each report a link so it opens in a new tab too. Below 768 px it is one select.
 */
export function ReportMenu({
  groups,
  current,
  hrefOf,
  onSelect,
}: {
  groups: ReadonlyArray<ReportGroup>;
  current: ReportId;
  hrefOf: (report: ReportId) => string;
  onSelect: (report: ReportId) => void;
}) {
  const currentGroup = reportEntry(current).group;
  const [open, setOpen] = useState<ReadonlySet<ReportGroup>>(
    () => new Set<ReportGroup>(['revenue', currentGroup]),
  );
  // A report chosen elsewhere (the select, back/forward) opens its group.
  const [shownGroup, setShownGroup] = useState(currentGroup);
  if (shownGroup !== currentGroup) {
    setShownGroup(currentGroup);
    if (!open.has(currentGroup)) setOpen(new Set([...open, currentGroup]));
  }
  const toggle = (group: ReportGroup, isOpen: boolean) => {
    const next = new Set(open);
    if (isOpen) next.add(group);
    else next.delete(group);
    setOpen(next);
  };

  return (
    <>
      <div className="md:hidden">
        <label htmlFor="report-select" className="mb-1 block text-sm font-medium">
          Report
        </label>
        <select
          id="report-select"
          value={current}
          onChange={(event) => onSelect(event.target.value as ReportId)}
          className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
        >
          {groups.map((group) => (
            <optgroup key={group} label={REPORT_GROUP_LABELS[group]}>
              {reportsOfGroup(group).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <nav aria-label="Reports" className="hidden md:block">
        <ul className="space-y-1">
          {groups.map((group) => (
            <Collapsible
              asChild
              key={group}
              open={groups.length === 1 || open.has(group)}
              onOpenChange={(isOpen) => toggle(group, isOpen)}
            >
              <li>
                <CollapsibleTrigger className="group/trigger flex w-full items-center gap-1 rounded-md px-2 py-1.5 text-left text-sm font-semibold hover:bg-accent">
                  <ChevronRight
                    aria-hidden
                    className="size-4 transition-transform group-data-[state=open]/trigger:rotate-90"
                  />
                  {REPORT_GROUP_LABELS[group]}
                </CollapsibleTrigger>
                <CollapsibleContent asChild>
                  <ul className="ml-5 space-y-0.5 border-l pl-2">
                    {reportsOfGroup(group).map((r) => {
                      const active = r.id === current;
                      return (
                        <li key={r.id}>
                          <Link
                            to={hrefOf(r.id)}
                            aria-current={active ? 'page' : undefined}
                            className={cn(
                              'block rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-accent hover:text-foreground',
                              active && 'bg-accent font-medium text-foreground',
                            )}
                          >
                            {r.title}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </CollapsibleContent>
              </li>
            </Collapsible>
          ))}
        </ul>
      </nav>
    </>
  );
}
