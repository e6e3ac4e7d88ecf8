// Placeholder until its helper builds it (issue 14); the lead's shell imports it.
export function BillingTab({ canManage }: { canManage: boolean }) {
  return null;
}
