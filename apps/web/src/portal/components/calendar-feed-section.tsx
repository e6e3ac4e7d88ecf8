import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCalendarFeed, useRotateCalendarFeed } from '../api/calendar-feed';
import { isUnauthorized, portalErrorMessage } from '../api/portal-fetch';
import { PortalLoading } from './portal-error';
import { Section } from './portal-section';
import { toast } from './portal-toast';

/**
 * `Calendar feed`: the secret address a calendar app subscribes to, to show the member's
 * bookings (docs/product/integrations.md#calendar-feeds), with `Copy link` and `Rotate link`.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const noteId = useId();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied.');
    } catch {
      // No clipboard (an old browser, or refused): the address is selected to copy by hand.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      toast.error('Could not copy the link. Copy it from the box instead.');
    }
  };

  const renew = () => {
    setError(null);
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('New calendar link ready.');
      },
      onError: (failure) => {
        if (!isUnauthorized(failure)) setError(portalErrorMessage(failure));
      },
    });
  };

  return (
    <Section title="Calendar feed">
      <p id={hintId} className="text-sm text-muted-foreground">
        Subscribe to this link in Google Calendar, Apple Calendar or Outlook to see your bookings
        there. Anyone with the link can see your bookings.
      </p>
      {feed.error ? (
        <p role="alert" className="text-sm text-destructive">
          {portalErrorMessage(feed.error)}
        </p>
      ) : feed.isPending ? (
        <PortalLoading label="Loading your calendar link…" />
      ) : (
        <div className="space-y-2">
          <Label htmlFor={inputId}>Calendar link</Label>
          <Input
            id={inputId}
            readOnly
            value={feed.data.url}
            aria-describedby={hintId}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      )}
      {confirming ? (
        <div role="group" aria-labelledby={noteId} className="space-y-2 rounded-lg border p-3">
          <p id={noteId} className="text-sm">
            Calendars subscribed to the old link will stop updating.
          </p>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={rotate.isPending} onClick={renew}>
              {rotate.isPending ? 'Making a new link…' : 'Make a new link'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={rotate.isPending}
              onClick={() => setConfirming(false)}
            >
              Keep this link
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button disabled={!feed.data} onClick={() => feed.data && void copy(feed.data.url)}>
            Copy link
          </Button>
          <Button variant="outline" disabled={!feed.data} onClick={() => setConfirming(true)}>
            Rotate link
          </Button>
        </div>
      )}
    </Section>
  );
}
