import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** One section of /manage: its count, a short list or an empty state, and where to act. */
export function ManageSection({
  id,
  title,
  icon: Icon,
  summary,
  action,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  /** The count in words ("410 clients"); absent while loading. */
  summary?: string;
  action?: { label: string; to: string };
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region" className="gap-4">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>
            <h2 id={`${id}-title`} className="flex items-center gap-2">
              <Icon className="size-4 text-muted-foreground" aria-hidden />
              {title}
            </h2>
          </CardTitle>
          {summary ? <CardDescription>{summary}</CardDescription> : null}
        </div>
        {action ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={action.to}>{action.label}</Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function SectionList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y text-sm">
      {children}
    </ul>
  );
}

export function SectionItem({ primary, secondary }: { primary: ReactNode; secondary?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
      <span className="min-w-0 font-medium">{primary}</span>
      {secondary ? <span className="text-muted-foreground">{secondary}</span> : null}
    </li>
  );
}

export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
