import type { UnsubscribePage } from '@fitbase/domain/contracts/campaigns';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { apiClient, unwrap } from '@/lib/api/client';

/** /unsubscribe/:token: one button, no sign-in (the footer link of marketing email). */
export function UnsubscribeRoute() {
  const { token = '' } = useParams();
  const page = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: async ({ signal }): Promise<UnsubscribePage> =>
      unwrap(
        await apiClient.GET('/api/email/unsubscribe/{token}', {
          params: { path: { token } },
          signal,
        }),
      ),
    retry: false,
  });
  const unsubscribe = useMutation({
    mutationFn: async () =>
      unwrap(
        await apiClient.POST('/api/email/unsubscribe/{token}', { params: { path: { token } } }),
      ),
  });
  const done = unsubscribe.isSuccess || page.data?.unsubscribed;
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">
              {page.isError
                ? 'This unsubscribe link is not valid.'
                : done
                  ? 'You are unsubscribed.'
                  : page.data
                    ? `Unsubscribe from ${page.data.studioName} marketing email?`
                    : 'Loading…'}
            </h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {page.data && !done ? (
            <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
              Unsubscribe
            </Button>
          ) : null}
          {unsubscribe.isError ? (
            <p role="alert" className="mt-3 text-sm text-destructive">
              Something went wrong. Please try again.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
