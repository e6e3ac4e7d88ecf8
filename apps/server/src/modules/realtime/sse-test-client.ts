/** A minimal server-sent-events reader over fetch, for the realtime tests (not shipped code). */
export interface SseFrame {
  event: string;
  data: string;
  id?: string;
  retry?: number;
  comment?: string;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  frames: SseFrame[];
  /** The next frame (after those already taken) matching `match`, or an error after `timeoutMs`. */
  next(match?: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = { event: 'message', data: '' };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    const [, field, value = ''] = /^([a-z]+): ?(.*)$/.exec(line) ?? [];
    if (field === 'event') frame.event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') frame.id = value;
    else if (field === 'retry') frame.retry = Number(value);
  }
  frame.data = data.join('\n');
  return frame;
}

export async function openSse(url: string, cookie?: string): Promise<SseConnection> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: cookie ? { cookie, accept: 'text/event-stream' } : {},
    signal: abort.signal,
  });
  const frames: SseFrame[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  let done = false;
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value.replace(/\r\n?/g, '\n');
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          frames.push(parseFrame(buffer.slice(0, cut)));
          buffer = buffer.slice(cut + 2);
          wake();
        }
      }
    } catch {
      // Aborted by close(): the stream simply ends.
    } finally {
      done = true;
      wake();
    }
  })();

  async function next(
    match: (frame: SseFrame) => boolean = () => true,
    timeoutMs = 1_000,
  ): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (taken < frames.length) {
        const frame = frames[taken++]!;
        if (match(frame)) return frame;
      }
      if (done) throw new Error('The event stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No matching event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, left);
        function finish() {
          clearTimeout(timer);
          waiters.delete(finish);
          resolve();
        }
        waiters.add(finish);
      });
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    frames,
    next,
    ended,
    close: () => abort.abort(),
  };
}

/** Frames that carry an event (not keep-alive comments). */
export const isEvent = (frame: SseFrame) => frame.comment === undefined;
