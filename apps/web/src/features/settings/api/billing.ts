import type { Billing, ChangePlanInput } from '@fitbase/domain/contracts/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { meKey, settingsKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

/** The studio's FitBase subscription (Settings → Billing, owners). */
export function billingQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: settingsKeys.billing(organizationId),
    queryFn: async ({ signal }): Promise<Billing> =>
      unwrap(await apiClient.GET('/api/settings/billing', { signal })),
  });
}

export function useBilling(enabled = true) {
  const organizationId = useStudioId();
  return useQuery({ ...billingQueryOptions(organizationId), enabled });
}

/** After any change: the plan, limit and tier on /api/me drive the dashboards and add-member. */
function useOnBilling(organizationId: string) {
  const queryClient = useQueryClient();
  return (billing: Billing) => {
    queryClient.setQueryData(settingsKeys.billing(organizationId), billing);
    void queryClient.invalidateQueries({ queryKey: meKey });
  };
}

export function useChangePlan() {
  const organizationId = useStudioId();
  const onSuccess = useOnBilling(organizationId);
  return useMutation({
    mutationFn: async (body: ChangePlanInput): Promise<Billing> =>
      unwrap(await apiClient.POST('/api/settings/billing/plan', { body })),
    onSuccess,
  });
}

export function useSetCancelAtPeriodEnd() {
  const organizationId = useStudioId();
  const onSuccess = useOnBilling(organizationId);
  return useMutation({
    mutationFn: async (cancel: boolean): Promise<Billing> =>
      unwrap(
        cancel
          ? await apiClient.POST('/api/settings/billing/cancel', {})
          : await apiClient.POST('/api/settings/billing/resume', {}),
      ),
    onSuccess,
  });
}
