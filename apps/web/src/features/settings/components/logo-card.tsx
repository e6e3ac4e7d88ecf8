import { LOGO_MAX_BYTES } from '@fitbase/domain/settings-constants';
import { ImageIcon } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { reportError, reportProblem } from '@/lib/report-error';
import { useRemoveLogo, useUploadLogo } from '../api/studio-logo';

const MAX_MB = LOGO_MAX_BYTES / (1024 * 1024);

/** The studio logo: preview, upload (checked and resized on the server) and removal. */
export function LogoCard({
  logoUrl,
  studioName,
  canEdit,
}: {
  logoUrl: string | null;
  studioName: string;
  canEdit: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const pending = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    // Said before sending 2 MB for nothing; the server checks again.
    if (file.size > LOGO_MAX_BYTES) {
      reportProblem(
        'Logo not uploaded',
        `The logo is too large: at most ${MAX_MB} MB. Choose a smaller image.`,
      );
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success('Logo uploaded');
    } catch (error) {
      reportError(error, { title: 'Logo not uploaded', fallback: 'Upload failed' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Logo</CardTitle>
        <CardDescription>
          PNG, JPEG, WebP or SVG, at most {MAX_MB} MB. It is resized to fit 512×512 pixels.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        <div className="flex size-24 items-center justify-center overflow-hidden rounded-lg border bg-muted">
          {logoUrl ? (
            <img
              src={logoUrl}
              alt={`${studioName} logo`}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <ImageIcon className="size-8 text-muted-foreground" aria-label="No logo yet" />
          )}
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/svg+xml"
              className="sr-only"
              aria-label="Logo file"
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <Button type="button" disabled={pending} onClick={() => input.current?.click()}>
              {upload.isPending ? 'Uploading...' : logoUrl ? 'Replace logo' : 'Upload logo'}
            </Button>
            {logoUrl ? (
              <Button
                type="button"
                variant="outline"
                disabled={pending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast.success('Logo removed'),
                    onError: (error) =>
                      reportError(error, { title: 'Logo not removed', fallback: 'Removal failed' }),
                  })
                }
              >
                Remove
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
