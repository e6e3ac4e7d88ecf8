import { useEffect } from 'react';
import { useCurrentOrganization, useMe } from '@/lib/session';

/**
 * Tells `/` whether the studio home applies: a signed-in person with a current organization.
 * It follows the session, so signing in or out on `/` switches the page.
 */
export function SessionWatcher({ onChange }: { onChange: (signedInHome: boolean) => void }) {
  const { data: me } = useMe();
  const { organization } = useCurrentOrganization();
  const signedInHome = Boolean(me && organization);
  useEffect(() => onChange(signedInHome), [signedInHome, onChange]);
  return null;
}
