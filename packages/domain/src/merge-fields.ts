/**
 * Merge fields of email content (docs/product/connect-and-messaging.md#merge-fields): `{{name}}`
 * placeholders filled per recipient when a message is sent. Content naming a field that does not
 * exist is refused when it is saved, with the unknown names, so nobody receives "{{frist_name}}".
 */
export const MERGE_FIELDS = [
  { name: 'first_name', label: 'First name', sample: 'Alex' },
  { name: 'last_name', label: 'Last name', sample: 'Morgan' },
  { name: 'full_name', label: 'Full name', sample: 'Alex Morgan' },
  { name: 'email', label: 'Email', sample: 'alex@example.com' },
  { name: 'studio_name', label: 'Studio name', sample: 'Your Studio' },
  { name: 'studio_url', label: 'Studio web address', sample: 'https://fitbase.app' },
] as const;

export type MergeFieldName = (typeof MERGE_FIELDS)[number]['name'];
export type MergeValues = Record<MergeFieldName, string>;

const FIELD = /\{\{\s*([a-zA-Z0-9_.-]*)\s*\}\}/g;
const KNOWN = new Set<string>(MERGE_FIELDS.map((field) => field.name));

/** The distinct field names in `text` that are not merge fields, in order of appearance. */
export function unknownMergeFields(...texts: Array<string | null | undefined>): string[] {
  const unknown = new Set<string>();
  for (const text of texts) {
    for (const match of (text ?? '').matchAll(FIELD)) {
      const name = match[1] ?? '';
      if (!KNOWN.has(name)) unknown.add(name || '(empty)');
    }
  }
  return [...unknown];
}

/** The message for content naming unknown fields (shown on the field, and by the API). */
export function unknownMergeFieldsMessage(names: string[]): string {
  const list = names.map((name) => `{{${name}}}`).join(', ');
  const known = MERGE_FIELDS.map((field) => `{{${field.name}}}`).join(', ');
  return `Unknown merge field${names.length === 1 ? '' : 's'} ${list}. Use ${known}.`;
}

/** Fills every known field; `escape` is applied to each value (HTML escaping for HTML output). */
export function fillMergeFields(
  text: string,
  values: MergeValues,
  escape: (value: string) => string = (value) => value,
): string {
  return text.replace(FIELD, (whole, name: string) =>
    KNOWN.has(name) ? escape(values[name as MergeFieldName]) : whole,
  );
}

/** Sample values for previews. */
export const SAMPLE_MERGE_VALUES: MergeValues = Object.fromEntries(
  MERGE_FIELDS.map((field) => [field.name, field.sample]),
) as MergeValues;
