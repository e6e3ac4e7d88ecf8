import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PortalApiError } from '../api/portal-fetch';
import { usePortalSlug } from '../hooks/use-portal-slug';

/**
 * A booking refused because the studio requires its waiver (code `waiver_required`): a notice
 * with the server's message and a link to the waiver page, kept on the page (a toast cannot hold
 * a link long enough to follow it). docs/product/waivers.md
 */
export function useWaiverRefusal(): { notice: ReactNode; handle: (error: unknown) => boolean } {
  const slug = usePortalSlug();
  const [message, setMessage] = useState<string | null>(null);
  const handle = (error: unknown) => {
    if (!(error instanceof PortalApiError) || error.code !== 'waiver_required') return false;
    setMessage(error.message);
    return true;
  };
  const notice = message ? (
    <p role="alert" className="rounded-lg border border-destructive/50 p-3 text-sm">
      {message}{' '}
      <Link to={`/m/${slug}/waiver`} className="font-medium underline">
        Sign the waiver
      </Link>
    </p>
  ) : null;
  return { notice, handle };
}
