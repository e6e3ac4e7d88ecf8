import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMPORT_MAX_BYTES, LOGO_MAX_BYTES } from '@fitbase/domain/settings-constants';
import { AppError } from '../../lib/errors.ts';
import type { AppEnv } from '../types.ts';

/** JSON bodies of the API; a route taking uploads gets its own limit in UPLOAD_LIMITS. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Refuse a body over the limit before anything reads it: by Content-Length at once, or by
 * counting a chunked stream and stopping at the limit. Mounted before better-auth, which
 * reads whole bodies itself.
 */
export function limitBody(maxSize = MAX_JSON_BODY_BYTES): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(
        'payload_too_large',
        `The request body is too large (at most ${Math.floor(maxSize / 1024)} KB)`,
      );
    },
  });
  const uploads = new Map(
    Object.entries(UPLOAD_LIMITS).map(([path, upload]) => [
      path,
      bodyLimit({
        maxSize: upload.maxSize,
        onError: () => {
          throw new AppError('payload_too_large', upload.message);
        },
      }),
    ]),
  );
  // GET and HEAD carry no body; asking for one would make the Node adapter build a full
  // Request object for every read (measured: about 6% of a list request's CPU).
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return (uploads.get(c.req.path) ?? limit)(c, next);
  };
}

/**
 * Routes that take an upload, each with its own limit instead of the JSON one and a message
 * naming it (the route itself is the only place the bytes are read).
 */
export const UPLOAD_LIMITS: Record<string, { maxSize: number; message: string }> = {
  ...Object.fromEntries(
    ['/api/imports', '/api/imports/dry-run'].map((path) => [
      path,
      {
        // The CSV travels as a JSON string: escaping adds a little, so the body may exceed the
        // file by up to a quarter; the service then checks the file's own size exactly.
        maxSize: Math.ceil(IMPORT_MAX_BYTES * 1.25),
        message: `The file is too large: imports take CSV files up to ${IMPORT_MAX_BYTES / (1024 * 1024)} MB (IMPORT_MAX_BYTES). Split it into smaller files.`,
      },
    ]),
  ),
  '/api/settings/logo': {
    maxSize: LOGO_MAX_BYTES,
    message: `The logo is too large: at most ${LOGO_MAX_BYTES / (1024 * 1024)} MB. Choose a smaller image.`,
  },
};

// A UTF-16 surrogate without its partner (what `\ud800` in JSON decodes to).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/** True when a string cannot be stored as PostgreSQL text (NUL) or is not valid Unicode. */
export function hasInvalidText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

function jsonHasInvalidText(value: unknown): boolean {
  if (typeof value === 'string') return hasInvalidText(value);
  if (Array.isArray(value)) return value.some(jsonHasInvalidText);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => hasInvalidText(k) || jsonHasInvalidText(v));
  }
  return false;
}

/**
 * How deeply a JSON body may nest. No request of the API nests more than a few levels; the
 * JSON parser, zod and the text check above all recurse per level, and 5,000 levels overflowed
 * the stack (a 500).
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests deeper than `max`: one pass over the characters counting brackets
 * outside strings, no allocation, so it runs before anything parses the text. Malformed text is
 * counted the same way (the route's own validation refuses it afterwards).
 */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) inString = true;
    else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) depth--;
  }
  return false;
}

function decodedPathHasInvalidText(path: string): boolean {
  try {
    return hasInvalidText(decodeURIComponent(path));
  } catch {
    // Malformed percent-encoding (e.g. an encoded lone surrogate) is not valid text either.
    return true;
  }
}

/**
 * One check for every API route, before routing: a JSON body nested deeper than
 * MAX_JSON_DEPTH, and NUL bytes and lone surrogates in the path, the query or a JSON body,
 * answer 400 instead of reaching the parsers or PostgreSQL (which refuses NUL in text with an
 * error that would be a 500). The body text stays cached for the route.
 */
export function rejectInvalidText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let invalid = decodedPathHasInvalidText(url.pathname);
    if (!invalid) {
      // Parsed like the routes parse it: a stray `%` stays literal, `%00` becomes NUL.
      for (const [name, value] of url.searchParams) {
        if (hasInvalidText(name) || hasInvalidText(value)) invalid = true;
      }
    }
    if (!invalid && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      const text = await c.req.text();
      if (jsonNestsDeeperThan(text)) {
        throw new AppError(
          'validation_error',
          `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
        );
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // the route's own validation answers malformed JSON
      }
      invalid = jsonHasInvalidText(parsed);
    }
    if (invalid) {
      throw new AppError(
        'validation_error',
        'The request contains characters that are not allowed (NUL or invalid Unicode)',
      );
    }
    await next();
  };
}
