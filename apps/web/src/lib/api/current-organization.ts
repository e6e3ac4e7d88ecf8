/**
 * The organization this browser tab works in. Kept per tab (sessionStorage) so two tabs open on
 * two studios never mix: every API call of the tab names it in `X-Organization-Id`, and every
 * organization-scoped query key includes it. A new tab starts from the organization the server
 * remembers for the person (`/api/me`'s `currentOrganizationId`).
 */
const STORAGE_KEY = 'fitbase.organization-id';

type Listener = () => void;
const listeners = new Set<Listener>();
// Memory copy: sessionStorage can be unavailable (privacy modes) and reads stay cheap.
let current: string | null = readStorage();

function readStorage(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function getTabOrganizationId(): string | null {
  return current;
}

export function setTabOrganizationId(organizationId: string | null): void {
  if (organizationId === current) return;
  current = organizationId;
  try {
    if (organizationId === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, organizationId);
  } catch {
    // Storage refused: the tab still works with the in-memory value.
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export function subscribeTabOrganization(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
