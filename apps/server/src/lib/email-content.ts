import type { StudioFormat } from '@fitbase/domain/studio-format';
import { fillMergeFields, type MergeValues } from '@fitbase/domain/merge-fields';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './mailer.ts';

/**
 * Email content (docs/product/connect-and-messaging.md#content): Markdown with merge fields,
 * rendered to sanitised HTML and to plain text. Campaigns, automations, 1:1 messages, push
 * notifications sent by email and the preview all go through here, so no script or foreign markup
 * reaches a recipient or a staff browser, whoever wrote the content.
 */

export interface RenderInput {
  subject: string;
  /** Markdown with merge fields. */
  content: string;
  values: MergeValues;
  studio: EmailStudio;
  /** Marketing mail: the one-click unsubscribe link printed in the footer. */
  unsubscribeUrl?: string;
  /** Rewrites each http(s) link of the body (click tracking). */
  trackLink?: (url: string) => string;
  /** A 1×1 image that records an open. */
  openPixelUrl?: string;
}

/** The studio as its emails show it: footer, and its branding (Settings → General). */
export interface EmailStudio {
  name: string;
  postalAddress: string | null;
  /** `#rrggbb`: the header bar and links. */
  primaryColor?: string | null;
  /** Absolute URL of the logo shown at the top. */
  logoUrl?: string | null;
  /** The studio's currency, locale and zone for amounts and dates (ADR 0038); USD/en-US if absent. */
  format?: StudioFormat;
}

/** A studio row's branding made ready for email: the logo URL made absolute. */
export function brandedStudio(
  studio: {
    name: string;
    postalAddress: string | null;
    primaryColor: string | null;
    logoUrl: string | null;
    currency?: string;
    locale?: string;
    timeZone?: string;
  },
  appUrl: string,
): EmailStudio {
  const { currency, locale, timeZone } = studio;
  return {
    name: studio.name,
    postalAddress: studio.postalAddress,
    primaryColor: studio.primaryColor,
    logoUrl: studio.logoUrl ? new URL(studio.logoUrl, appUrl).toString() : null,
    ...(currency && locale && timeZone ? { format: { currency, locale, timeZone } } : {}),
  };
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** The default brand colour of FitBase emails (a studio without its own). */
const DEFAULT_EMAIL_COLOR = '#1d4ed8';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'del',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  disallowedTagsMode: 'discard',
};

/** Markdown (values already filled) to safe HTML. */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(html, ALLOWED);
}

export function renderEmail(input: RenderInput): RenderedEmail {
  const subject = fillMergeFields(input.subject, input.values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  let body = markdownToSafeHtml(fillMergeFields(input.content, input.values, escapeHtml));
  if (input.trackLink) {
    const track = input.trackLink;
    body = body.replace(/<a href="(https?:[^"]+)"/g, (_whole, href: string) => {
      const url = decodeEntities(href);
      return `<a href="${escapeHtml(track(url))}"`;
    });
  }
  // The studio's colour on links (after tracking rewrote them); validated again here because
  // it is written into a style attribute.
  const colour = brandColour(input.studio);
  body = body.replace(/<a href="/g, `<a style="color:${colour}" href="`);
  const unsubscribe = input.unsubscribeUrl
    ? `<a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a> from ${escapeHtml(input.studio.name)} marketing email.`
    : '';
  const pixel = input.openPixelUrl
    ? `<img src="${escapeHtml(input.openPixelUrl)}" width="1" height="1" alt="" style="display:block;border:0">`
    : '';
  const html = brandedLayout(input.studio, body, unsubscribe, pixel);
  const textBody = fillMergeFields(input.content, input.values).trim();
  const text = `${textBody}\n\n--\n${textFooter(input.studio, input.unsubscribeUrl ? `Unsubscribe: ${input.unsubscribeUrl}` : '')}\n`;
  return { subject, html, text };
}

function brandColour(studio: EmailStudio): string {
  return studio.primaryColor && HEX.test(studio.primaryColor)
    ? studio.primaryColor
    : DEFAULT_EMAIL_COLOR;
}

function textFooter(studio: EmailStudio, extra = ''): string {
  return [studio.name, studio.postalAddress ?? '', extra].filter(Boolean).join('\n');
}

/**
 * Every studio email's frame: the brand colour's bar, the logo (or the name in the colour), the
 * body, and a footer with the studio's name and address (Settings → General).
 */
function brandedLayout(studio: EmailStudio, bodyHtml: string, footerExtra = '', pixel = '') {
  const colour = brandColour(studio);
  const header = studio.logoUrl
    ? `<img src="${escapeHtml(studio.logoUrl)}" alt="${escapeHtml(studio.name)}" style="display:block;max-height:48px;max-width:200px;border:0">`
    : `<span style="font-size:18px;font-weight:bold;color:${colour}">${escapeHtml(studio.name)}</span>`;
  const footerHtml = [studio.name, studio.postalAddress ?? '']
    .filter(Boolean)
    .map(escapeHtml)
    .concat(footerExtra ? [footerExtra] : [])
    .join('<br>');
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5"><div style="height:4px;background:${colour}"></div><div style="max-width:600px;margin:0 auto;padding:24px"><div style="margin-bottom:24px">${header}</div>${bodyHtml}<hr style="border:0;border-top:1px solid #e5e7eb;margin:32px 0 16px"><p style="font-size:12px;color:#6b7280">${footerHtml}</p></div>${pixel}</body></html>`;
}

/**
 * A service email (schedule changes, failed payments: no marketing consent needed) as plain
 * paragraphs, escaped, in the studio's branded frame; the text part carries the same footer.
 */
export function serviceEmail(studio: EmailStudio, lines: string[]): { html: string; text: string } {
  const body = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  return {
    html: brandedLayout(studio, body),
    text: `${lines.join('\n\n')}\n\n--\n${textFooter(studio)}\n`,
  };
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
