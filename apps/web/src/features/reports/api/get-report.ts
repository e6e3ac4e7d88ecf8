import type { ReportResult } from '@fitbase/domain/contracts/reports';
import type { ReportId } from '@fitbase/domain/report-catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { reportKeys } from '@/lib/query-keys';
import { apiQuery, type ReportView } from '../lib/report-search';
import { useStudioId } from '@/hooks/use-studio-id';

/** One report: its period, figures, chart and one page of its table. */
export function reportQueryOptions(organizationId: string, view: ReportView) {
  const query = apiQuery(view);
  return queryOptions({
    queryKey: reportKeys.report(organizationId, view.report, query),
    queryFn: async ({ signal }): Promise<ReportResult> =>
      unwrap(
        await apiClient.GET('/api/reports/{report}', {
          params: { path: { report: view.report }, query },
          signal,
        }),
      ),
    // Paging, sorting and stepping periods keep the last answer on screen while the next loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === view.report ? keepPreviousData(previous) : undefined,
    // A 403 (trainer, staff) or a bad custom period will not change by asking again.
    retry: false,
  });
}

export function useReport(view: ReportView, enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...reportQueryOptions(organizationId, view), enabled });
}

export type { ReportId };
