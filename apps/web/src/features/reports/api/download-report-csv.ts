import { apiClient, unwrap } from '@/lib/api/client';
import { apiQuery, type ReportView } from '../lib/report-search';

/**
 * Downloads the report's whole table for the period as CSV. Fetched with the tab's studio
 * header (a plain link could not send it), then handed to the browser as a file named by the
 * server (report and period).
 */
export async function downloadReportCsv(view: ReportView): Promise<void> {
  const { page: _page, ...query } = apiQuery(view);
  const result = await apiClient.GET('/api/reports/{report}/export', {
    params: { path: { report: view.report }, query },
    parseAs: 'blob',
  });
  const blob = unwrap(result) as unknown as Blob;
  const disposition = result.response.headers.get('content-disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? `${view.report}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
