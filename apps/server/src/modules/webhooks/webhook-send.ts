import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { checkedLookup, parseEndpointUrl, resolvePublicAddress } from './webhook-address.ts';

/** No answer within 10 s is a failed attempt (docs/product/integrations.md#webhooks). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The `Deliveries` list keeps the answer's first 1 KB. */
export const RESPONSE_BODY_LIMIT = 1024;

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  durationMs: number;
}

/** The Standard Webhooks headers of one attempt: the id stays, the time and signature are now. */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string,
  at: Date,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

/**
 * One POST to the endpoint. The address is checked again here (SSRF): the URL must still be
 * https:// (or loopback when allowed), an IP literal must be public, and a name is resolved by
 * `checkedLookup`, which hands the socket exactly the address it checked.
 */
export async function sendWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowLoopback: boolean;
  timeoutMs?: number;
}): Promise<SendResult> {
  const started = performance.now();
  const done = (partial: Omit<SendResult, 'durationMs'>): SendResult => ({
    ...partial,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = parseEndpointUrl(input.url, input.allowLoopback);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Node connects to an IP literal without calling `lookup`: check it here.
    if (isIP(host) !== 0) await resolvePublicAddress(host, input.allowLoopback);
  } catch (error) {
    return done({ statusCode: null, error: (error as Error).message, responseBody: null });
  }
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(result));
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'FitBase-Webhooks/1',
          'content-length': Buffer.byteLength(input.body),
          ...input.headers,
        },
        lookup: checkedLookup(input.allowLoopback) as never,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
          size += chunk.length;
          // Enough for the list: stop reading a large answer.
          if (size >= RESPONSE_BODY_LIMIT) response.destroy();
        });
        const end = () =>
          finish({
            statusCode: response.statusCode ?? null,
            error: null,
            responseBody: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
          });
        response.on('end', end);
        response.on('close', end);
        response.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      finish({
        statusCode: null,
        error: `No answer within ${timeoutMs / 1000} s`,
        responseBody: null,
      });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) =>
      finish({ statusCode: null, error: error.message || String(error), responseBody: null }),
    );
    request.end(input.body);
  });
}
