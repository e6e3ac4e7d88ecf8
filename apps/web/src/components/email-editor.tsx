import { MERGE_FIELDS } from '@fitbase/domain/merge-fields';
import { Button } from '@/components/ui/button';

/**
 * The pieces of every email editor (templates, campaigns): merge-field buttons that insert at
 * the cursor of a Markdown textarea, and the server's rendering shown in a sandboxed frame, so
 * no script in the content can run in a staff browser.
 */
export function MergeFieldButtons({
  textareaId,
  value,
  onChange,
}: {
  textareaId: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const insert = (name: string) => {
    const token = `{{${name}}}`;
    const element = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Merge fields">
      <span className="text-xs text-muted-foreground">Insert:</span>
      {MERGE_FIELDS.map((field) => (
        <Button
          key={field.name}
          type="button"
          variant="outline"
          size="sm"
          className="h-7 px-2 text-xs"
          onClick={() => insert(field.name)}
        >
          {field.label}
        </Button>
      ))}
    </div>
  );
}

export function EmailPreviewFrame({
  subject,
  html,
  loading,
}: {
  subject: string | undefined;
  html: string | undefined;
  loading: boolean;
}) {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-md border">
      <div className="border-b bg-muted/40 px-3 py-2 text-sm">
        <span className="text-muted-foreground">Subject: </span>
        <span className="font-medium">{subject || (loading ? '…' : '(no subject)')}</span>
      </div>
      <iframe
        title="Email preview"
        sandbox=""
        srcDoc={html ?? ''}
        className="min-h-72 w-full flex-1 bg-white"
      />
    </div>
  );
}
