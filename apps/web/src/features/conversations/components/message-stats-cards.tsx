import { FileText, MailCheck, Send } from 'lucide-react';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { SummaryCard, SummaryCardRow } from '@/components/summary-card';
import { useMessageStats } from '../api/get-message-stats';

/** The page's figures, computed by the server; a dash while loading or when there is nothing. */
export function MessageStatsCards() {
  const { data } = useMessageStats();
  const { locale } = useStudioFormat();
  return (
    <SummaryCardRow label="Message figures">
      <SummaryCard
        title="Messages Sent"
        value={data ? data.messagesSent.toLocaleString(locale) : '—'}
        hint="1:1 messages delivered by email"
        icon={Send}
      />
      <SummaryCard
        title="Open Rate"
        value={data?.openRate == null ? '—' : `${data.openRate}%`}
        hint={
          data && data.openRate == null
            ? 'No messages sent yet'
            : 'Opened by a person (machine opens excluded)'
        }
        icon={MailCheck}
      />
      <SummaryCard
        title="Active Templates"
        value={data ? data.activeTemplates.toLocaleString(locale) : '—'}
        hint="Email templates not archived"
        icon={FileText}
      />
    </SummaryCardRow>
  );
}
