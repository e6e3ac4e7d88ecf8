/**
 * The public schedule may be framed by the studio's own website (Settings → Embed on your
 * website). Framed, a link that leaves the schedule (sign in) opens in the whole window
 * (`target="_top"`): the portal never navigates the top window by itself, only when clicked.
 */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent may refuse even the comparison: then it is framed.
    return true;
  }
}

/** The `target` of a link leaving the schedule: the whole window when framed. */
export function leaveTarget(): '_top' | undefined {
  return isFramed() ? '_top' : undefined;
}
