import { AlertTriangle } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** What went wrong, in words for the person: a route's answer, an error's message, or neither. */
function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return 'This page could not be found.';
    return `The page answered ${error.status}${error.statusText ? ` ${error.statusText}` : ''}.`;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred.';
}

/**
 * The error element of every route (app/router.tsx): a screen that throws while loading or
 * rendering shows this card in its place instead of a blank page, with a way to try again (a
 * reload also fetches a screen's code anew after a deploy) or to leave for the home page.
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="flex min-h-[50svh] items-center justify-center p-6">
      <Card role="alert" className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <AlertTriangle className="size-5 text-destructive" aria-hidden />
            <h1 className="text-lg">Something went wrong</h1>
          </CardTitle>
          <CardDescription>{describe(error)}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => window.location.reload()}>
            Try again
          </Button>
          <Button type="button" variant="outline" onClick={() => window.history.back()}>
            Go back
          </Button>
          <Button asChild variant="ghost">
            <Link to="/">Go to home</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
