import {
  Line,
  LineChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { useCampaign } from '../api/get-campaign';

const bucketFormat = (locale: string, bucket: string | undefined) =>
  new Intl.DateTimeFormat(
    locale,
    bucket === 'day'
      ? { month: 'short', day: 'numeric' }
      : { month: 'short', day: 'numeric', hour: 'numeric' },
  );

/** View Details: recipients, deliveries, opens, clicks, unsubscribes and their course. */
export function CampaignDetailsDialog({
  campaignId,
  onOpenChange,
}: {
  campaignId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const details = useCampaign(campaignId);
  const data = details.data;
  // The studio's locale (ADR 0038); the instants stay on the reader's clock as before.
  const { locale } = useStudioFormat();
  const format = bucketFormat(locale, data?.series.bucket);
  const figures: Array<[string, number | string]> = data
    ? [
        ['Recipients', data.recipientCount],
        ['Delivered', data.sentCount],
        ['Failed', data.failedCount],
        ['Queued', data.queuedCount],
        ['Opened', data.openedCount],
        ['Open Rate', data.openRate === null ? '–' : `${data.openRate}%`],
        ['Clicks', data.clickCount],
        ['Unsubscribes', data.unsubscribedCount],
      ]
    : [];
  return (
    <Dialog open={campaignId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{data?.name ?? 'Campaign'}</DialogTitle>
          <DialogDescription>
            {data?.subject ?? ''}
            {data && data.machineOpenCount > 0
              ? ` · ${data.machineOpenCount} automatic opens by mail privacy proxies are not counted`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {details.isPending ? <p className="text-sm text-muted-foreground">Loading…</p> : null}
        {data ? (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {figures.map(([label, value]) => (
                <div key={label} className="rounded-md border p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            {data.series.points.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
            ) : (
              <div
                className="h-64"
                aria-label="Deliveries, opens, clicks and unsubscribes over time"
              >
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart
                    data={data.series.points.map((p) => ({
                      ...p,
                      label: format.format(new Date(p.at)),
                    }))}
                  >
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="label" fontSize={12} />
                    <YAxis allowDecimals={false} fontSize={12} />
                    <Tooltip />
                    <Legend />
                    <Line type="monotone" dataKey="deliveries" name="Deliveries" stroke="#3b82f6" />
                    <Line type="monotone" dataKey="opens" name="Opens" stroke="#10b981" />
                    <Line type="monotone" dataKey="clicks" name="Clicks" stroke="#f59e0b" />
                    <Line
                      type="monotone"
                      dataKey="unsubscribes"
                      name="Unsubscribes"
                      stroke="#ef4444"
                    />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            )}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
