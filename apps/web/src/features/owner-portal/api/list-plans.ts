import type { Plan } from '@fitbase/domain/contracts/owner-portal';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPortalKeys } from './keys';

/** GET /api/owner-portal/plans: every plan, by monthly price ascending. */
export function listPlans() {
  return api<Plan[]>('/api/owner-portal/plans');
}

export function usePlans() {
  return useQuery({ queryKey: ownerPortalKeys.plans, queryFn: listPlans });
}
