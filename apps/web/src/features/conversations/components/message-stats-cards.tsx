import { FileText, MailCheck, Send } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMessageStats } from '../api/get-message-stats';

function StatCard({
  title,
  value,
  hint,
  icon: Icon,
}: {
  title: string;
  value: string;
  hint: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** The page's figures, computed by the server; a dash while loading or when there is nothing. */
export function MessageStatsCards() {
  const { data } = useMessageStats();
  return (
    <section aria-label="Message figures" className="grid gap-4 sm:grid-cols-3">
      <StatCard
        title="Messages Sent"
        value={data ? data.messagesSent.toLocaleString('en-US') : '—'}
        hint="1:1 messages delivered by email"
        icon={Send}
      />
      <StatCard
        title="Open Rate"
        value={data?.openRate == null ? '—' : `${data.openRate}%`}
        hint={
          data && data.openRate == null
            ? 'No messages sent yet'
            : 'Opened by a person (machine opens excluded)'
        }
        icon={MailCheck}
      />
      <StatCard
        title="Active Templates"
        value={data ? data.activeTemplates.toLocaleString('en-US') : '—'}
        hint="Email templates not archived"
        icon={FileText}
      />
    </section>
  );
}
