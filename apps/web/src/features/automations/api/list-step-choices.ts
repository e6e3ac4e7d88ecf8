import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { automationKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The editor's pickers: the studio's email templates, tags and staff, as options. */
export interface Choice {
  value: string;
  label: string;
}

export function templateChoicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: automationKeys.choices(organizationId, 'templates'),
    queryFn: async ({ signal }): Promise<Choice[]> =>
      unwrap(await apiClient.GET('/api/email-templates', { signal })).templates.map((t) => ({
        value: t.id,
        label: t.status === 'archived' ? `${t.name} (archived)` : t.name,
      })),
  });
}

export function tagChoicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: automationKeys.choices(organizationId, 'tags'),
    queryFn: async ({ signal }): Promise<Choice[]> =>
      unwrap(await apiClient.GET('/api/tags', { signal })).tags.map((t) => ({
        value: t.id,
        label: t.name,
      })),
  });
}

export function staffChoicesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: automationKeys.choices(organizationId, 'staff'),
    queryFn: async ({ signal }): Promise<Choice[]> =>
      unwrap(await apiClient.GET('/api/staff', { signal })).staff.map((s) => ({
        value: s.userId,
        label: s.fullName ?? s.email,
      })),
  });
}

export function useStepChoices() {
  const organizationId = useStudioId();
  const templates = useQuery(templateChoicesQueryOptions(organizationId));
  const tags = useQuery(tagChoicesQueryOptions(organizationId));
  const staff = useQuery(staffChoicesQueryOptions(organizationId));
  return { templates: templates.data ?? [], tags: tags.data ?? [], staff: staff.data ?? [] };
}
