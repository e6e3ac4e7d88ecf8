import type { ExportLinkInput } from '@fitbase/domain/contracts/data-export';
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';

/** A signed download link for the studio's export (valid EXPORT_LINK_DAYS); optionally emailed. */
export async function createExportLink(input: ExportLinkInput) {
  return unwrap(await apiClient.POST('/api/data/export-links', { body: input }));
}

export function useCreateExportLink() {
  return useMutation({ mutationFn: createExportLink });
}
