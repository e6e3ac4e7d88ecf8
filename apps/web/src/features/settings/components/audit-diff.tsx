import type { AuditEntry } from '@fitbase/domain/contracts/audit';

const MAX_VALUE = 60;

function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Column names as words: "first_name" → "first name". */
const fieldLabel = (key: string) => key.replace(/_/g, ' ');

/** Ids and timestamps every row has say nothing about what changed. */
const NOISE = new Set(['id', 'organization_id', 'created_at', 'updated_at']);

/**
 * What changed, compactly: for an update each changed field before → after; for a creation or
 * deletion the row's own fields.
 */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const keys = Object.keys(entry.after ?? entry.before ?? {}).filter(
    (key) => entry.action === 'update' || !NOISE.has(key),
  );
  if (keys.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {keys.slice(0, 6).map((key) => (
        <li key={key} className="break-words">
          <span className="font-medium">{fieldLabel(key)}</span>:{' '}
          {entry.action === 'update' ? (
            <>
              <span className="text-muted-foreground line-through">
                {shown(entry.before?.[key])}
              </span>{' '}
              → <span>{shown(entry.after?.[key])}</span>
            </>
          ) : (
            <span className={entry.action === 'delete' ? 'text-muted-foreground' : undefined}>
              {shown((entry.after ?? entry.before)?.[key])}
            </span>
          )}
        </li>
      ))}
      {keys.length > 6 ? (
        <li className="text-muted-foreground">and {keys.length - 6} more fields</li>
      ) : null}
    </ul>
  );
}
