// Placeholder until its helper builds it (issue 14); the lead's shell imports it.
export function NotificationsTab() {
  return null;
}
