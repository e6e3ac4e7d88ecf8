/** The API address a signed export link's token is posted to (never in a path: ADR 0008). */
export const EXPORT_DOWNLOAD_ACTION = '/api/public/data/export';

/**
 * Downloads the export of a signed link by posting its token as a form rather than fetching:
 * the answer is an attachment, so the browser streams the ZIP straight to disk however large
 * the studio, and the page stays where it is.
 */
export function submitExportDownload(token: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = EXPORT_DOWNLOAD_ACTION;
  form.hidden = true;
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'token';
  input.value = token;
  form.append(input);
  document.body.append(form);
  form.submit();
  form.remove();
}

/** The token of an export link (`/export-download#token=…`): in the fragment, never sent. */
export function exportTokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}
