import { zodResolver } from '@hookform/resolvers/zod';
import { type PortalEmbed, portalEmbedInputSchema } from '@fitbase/domain/contracts/portal';
import { can } from '@fitbase/domain/permissions';
import { Copy } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { TextareaField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { serverFieldErrors } from '@/lib/form-errors';
import { formSuccess } from '@/lib/form-feedback';
import { useCurrentOrganization } from '@/lib/session';
import { reportError, reportProblem } from '@/lib/report-error';
import { usePortalEmbed } from '../api/get-portal-embed';
import { useUpdatePortalEmbed } from '../api/update-portal-embed';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The code a studio pastes into its website: the public schedule in an iframe. */
export function embedSnippet(scheduleUrl: string, studioName: string): string {
  return `<iframe src="${escapeAttribute(scheduleUrl)}" title="${escapeAttribute(`${studioName} schedule`)}" width="100%" height="700" style="border:0"></iframe>`;
}

/** The websites as typed, one a line; blank lines are ignored. */
const websiteLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The textarea, checked line by line with the contract's own rule; every message lands on the
 * one field (an item's message names the line it is about).
 */
const embedFormSchema = z.object({
  origins: z.string().transform((text, ctx) => {
    const lines = websiteLines(text);
    const parsed = portalEmbedInputSchema.shape.origins.safeParse(lines);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const line = typeof issue?.path[0] === 'number' ? lines[issue.path[0]] : undefined;
    ctx.addIssue({
      code: 'custom',
      message: line ? `${line}: ${issue?.message}` : (issue?.message ?? 'Check the websites'),
    });
    return z.NEVER;
  }),
});
type EmbedFormInput = z.input<typeof embedFormSchema>;
type EmbedFormOutput = z.output<typeof embedFormSchema>;

/**
 * Settings → General, `Embed on your website` (docs/product/member-portal.md#public-schedule):
 * the iframe code showing the public schedule on the studio's own website, and the websites
 * allowed to show it (every other website is refused by the browser). Every role reads it and
 * copies the code; owners and admins (schedule.manage) change the websites.
 */
export function PortalEmbedCard({ studioName }: { studioName: string }) {
  const { role } = useCurrentOrganization();
  const embed = usePortalEmbed();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Embed on your website</h2>
        </CardTitle>
        <CardDescription>
          Show your class schedule on your own website: visitors see your week and sign in to book.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {embed.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : embed.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the embed settings
          </p>
        ) : (
          <>
            <Snippet snippet={embedSnippet(embed.data.scheduleUrl, studioName)} />
            <OriginsForm
              // A saved version starts the form again from the stored websites.
              key={JSON.stringify(embed.data.origins)}
              embed={embed.data}
              canEdit={can(role, 'schedule.manage')}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Snippet({ snippet }: { snippet: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success('Snippet copied');
    } catch {
      reportProblem('Could not copy', 'Select the code and copy it yourself.');
    }
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Code to paste into your website</Label>
      <Textarea
        id={id}
        readOnly
        rows={3}
        value={snippet}
        className="bg-muted font-mono text-xs"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        <Copy aria-hidden />
        Copy
      </Button>
    </div>
  );
}

function OriginsForm({ embed, canEdit }: { embed: PortalEmbed; canEdit: boolean }) {
  const form = useForm<EmbedFormInput, unknown, EmbedFormOutput>({
    resolver: zodResolver(embedFormSchema),
    defaultValues: { origins: embed.origins.join('\n') },
  });
  const update = useUpdatePortalEmbed();
  const readOnly = !canEdit;

  const onSubmit = async (values: EmbedFormOutput) => {
    try {
      await update.mutateAsync(values);
      formSuccess('Embed settings saved');
    } catch (error) {
      // 'origins' or one item ('origins.2'): the message goes on the one field.
      const fields = Object.entries(serverFieldErrors(error));
      const found = fields.find(([name]) => name === 'origins' || name.startsWith('origins.'));
      if (found) form.setError('origins', { type: 'server', message: found[1] });
      reportError(error, { fallback: 'Failed to save the embed settings', formToast: true });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => canEdit && !update.isPending}
      idPrefix="portal-embed"
      className="space-y-4"
      aria-label="Embed on your website"
    >
      <TextareaField
        control={form.control}
        name="origins"
        label="Websites allowed to embed"
        description="One website address a line, like https://www.example.com. Other websites cannot show your schedule."
        rows={4}
        readOnly={readOnly}
        inputClassName={readOnly ? 'bg-muted font-mono text-sm' : 'font-mono text-sm'}
      />
      {readOnly ? (
        <p className="text-sm text-muted-foreground">
          Only owners and admins can change the websites.
        </p>
      ) : (
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      )}
    </Form>
  );
}
