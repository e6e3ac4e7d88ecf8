/** Sessions last 7 days and slide: a day of use extends them (better-auth `session` options). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** better-auth's own rule for when a session is due to be extended (and its cookie re-set). */
export function sessionDueForRefresh(expiresAt: Date, now = Date.now()): boolean {
  const dueAt =
    expiresAt.getTime() - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000;
  return dueAt <= now;
}
