import { escapeHtml } from '../lib/mailer.ts';

interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        tags?: string[];
        requestBody?: unknown;
        responses?: Record<string, { description?: string }>;
      }
    >
  >;
}

/**
 * The reference page's own policy: one inline stylesheet, no scripts at all, no framing,
 * links only (it replaces the app's CSP on this one response).
 */
export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A readable API reference rendered on the server from the OpenAPI document: no CDN
 * scripts (the CSP allows none, and machines may be offline).
 */
export function renderDocsPage(doc: OpenApiDoc): string {
  const rows: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const statuses = Object.entries(op.responses ?? {})
        .map(
          ([code, r]) =>
            `<li><code>${escapeHtml(code)}</code> ${escapeHtml(r.description ?? '')}</li>`,
        )
        .join('');
      rows.push(
        `<section><h2><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h2>` +
          `<p>${escapeHtml(op.summary ?? '')}</p><p class="tags">${escapeHtml((op.tags ?? []).join(', '))}</p><ul>${statuses}</ul></section>`,
      );
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)} reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#111}
section{border:1px solid #ddd;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h2{font-size:1rem;margin:.5rem 0}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;background:#555;padding:0 .4rem}
.get{background:#2563eb}.post{background:#16a34a}.put,.patch{background:#d97706}.delete{background:#dc2626}.tags{color:#666;font-size:.85rem}</style>
</head><body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')}</p><p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>. Authentication endpoints live under <code>/api/auth</code> (better-auth).</p>
${rows.join('\n')}</body></html>`;
}
