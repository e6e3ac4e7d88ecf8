import { Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { exportTokenFromHash, submitExportDownload } from '../api/export-download';

/**
 * `/export-download#token=…`, the page an emailed export link opens (no session needed): it
 * posts the token once on arrival, and again from the button. A link that no longer works
 * answers the server's own explanation page instead of the ZIP.
 */
export function ExportDownloadRoute() {
  const token = exportTokenFromHash(window.location.hash);
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    submitExportDownload(token);
  }, [token]);

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <Download className="mx-auto size-10 text-primary" aria-hidden />
          <CardTitle>
            <h1 className="text-2xl font-bold">Your data export</h1>
          </CardTitle>
          <CardDescription>
            {token
              ? 'Your download should start in a moment. If it does not, use the button below.'
              : 'This export link is incomplete. Open the link from your email again, or ask for a new one in Settings → General → Export your data.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          {token ? (
            <Button onClick={() => submitExportDownload(token)}>
              <Download aria-hidden />
              Download export
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/auth">Sign in to FitBase</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
