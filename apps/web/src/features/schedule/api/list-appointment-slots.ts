import type { AppointmentSlot } from '@fitbase/domain/contracts/appointments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api/client';
import { scheduleKeys } from '@/lib/query-keys';
import { useStudioId } from '@/hooks/use-studio-id';

export interface AppointmentSlotsParams {
  trainerUserId: string;
  serviceId: string;
  /** A local date, YYYY-MM-DD, in the organization's time zone. */
  date: string;
}

/** Free appointment starts of a trainer for a service on a local date. */
export function appointmentSlotsQueryOptions(
  organizationId: string,
  params: AppointmentSlotsParams | null,
) {
  return queryOptions({
    queryKey: scheduleKeys.appointmentSlots(
      organizationId,
      params ?? { trainerUserId: '', serviceId: '', date: '' },
    ),
    queryFn: async ({ signal }): Promise<AppointmentSlot[]> =>
      unwrap(
        await apiClient.GET('/api/appointments/slots', {
          params: { query: params! },
          signal,
        }),
      ).slots,
    enabled: Boolean(organizationId) && params !== null,
  });
}

export function useAppointmentSlots(params: AppointmentSlotsParams | null) {
  const organizationId = useStudioId();
  return useQuery(appointmentSlotsQueryOptions(organizationId, params));
}
