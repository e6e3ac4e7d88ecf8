/**
 * The demo's timeline: what happens in the studio, in the order it happens. Each event runs one
 * service call at its own instant; an instant after the moment the demo started never happens
 * (the history ends now, today in the studio's time zone).
 *
 * On PostgreSQL, events next in line that concern different members and different sessions run
 * side by side (a few at once, as concurrent requests would): their outcomes do not depend on
 * one another, so the studio is the same as if they had run one after the other. An event
 * without keys (a job, a campaign) runs alone.
 */
export interface DemoEvent {
  at: Date;
  run: () => Promise<void>;
  /** What it touches ('member:3', 'session:<id>'); none: it runs alone. */
  keys: readonly string[] | null;
}

export class Timeline {
  private heap: Array<DemoEvent & { seq: number }> = [];
  private seq = 0;

  constructor(
    private readonly end: Date,
    private readonly concurrency = 1,
  ) {}

  /** Schedules `run` at `at` (dropped when `at` is not before the end of the history). */
  at(at: Date, run: () => Promise<void>, keys: readonly string[] | null = null): void {
    if (!(at.getTime() < this.end.getTime())) return;
    this.heap.push({ at, run, keys, seq: this.seq++ });
    let i = this.heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /**
   * Runs every event before `until`, earliest first (same instant: in the order scheduled); the
   * next few in line together while their keys do not meet.
   */
  async runUntil(until: Date): Promise<number> {
    let ran = 0;
    const due = () => this.heap.length > 0 && this.heap[0]!.at.getTime() < until.getTime();
    while (due()) {
      const wave = [this.pop()];
      const used = new Set(wave[0]!.keys ?? []);
      while (wave[0]!.keys && wave.length < this.concurrency && due()) {
        const keys = this.heap[0]!.keys;
        if (!keys || keys.some((k) => used.has(k))) break;
        for (const k of keys) used.add(k);
        wave.push(this.pop());
      }
      await Promise.all(wave.map((e) => e.run()));
      ran += wave.length;
    }
    return ran;
  }

  get pending(): number {
    return this.heap.length;
  }

  private pop() {
    const top = this.heap[0]!;
    const last = this.heap.pop()!;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.heap.length && this.before(l, m)) m = l;
        if (r < this.heap.length && this.before(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }

  private before(a: number, b: number) {
    const x = this.heap[a]!;
    const y = this.heap[b]!;
    const dt = x.at.getTime() - y.at.getTime();
    return dt < 0 || (dt === 0 && x.seq < y.seq);
  }

  private swap(a: number, b: number) {
    const t = this.heap[a]!;
    this.heap[a] = this.heap[b]!;
    this.heap[b] = t;
  }
}
