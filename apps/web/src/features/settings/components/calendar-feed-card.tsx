import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formSuccess } from '@/lib/form-feedback';
import { reportError, reportProblem } from '@/lib/report-error';
import { useCalendarFeed } from '../api/calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';

/**
 * Settings › Security (the account menu's Profile), `Calendar feed`
 * (docs/product/integrations.md#calendar-feeds): the secret address of the sessions and
 * appointments the signed-in person leads in this studio, for Google, Apple or Outlook calendar.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      formSuccess('Link copied');
    } catch {
      reportProblem('Could not copy', 'Select the link and copy it yourself.');
    }
  };

  const renew = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        formSuccess(
          'New calendar link ready',
          'Calendars subscribed to the old link stop updating.',
        );
      },
      onError: (error) => reportError(error, { fallback: 'Could not make a new link' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Calendar feed</h2>
        </CardTitle>
        <CardDescription>
          Subscribe to this link in Google Calendar, Apple Calendar or Outlook to see the classes
          and appointments you teach here. Anyone with the link can see them.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {feed.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : feed.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your calendar link.
          </p>
        ) : (
          <div className="space-y-2">
            <Label htmlFor={inputId}>Calendar link</Label>
            <Input
              id={inputId}
              readOnly
              value={feed.data.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button disabled={!feed.data} onClick={() => feed.data && void copy(feed.data.url)}>
            <Copy aria-hidden />
            Copy link
          </Button>
          <Button variant="outline" disabled={!feed.data} onClick={() => setConfirming(true)}>
            Rotate link
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate your calendar link?"
        description="Calendars subscribed to the old link will stop updating. Subscribe again with the new one."
        confirmLabel="Rotate link"
        pending={rotate.isPending}
        closeOnConfirm={false}
        onConfirm={renew}
      />
    </Card>
  );
}
