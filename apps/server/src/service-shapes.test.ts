import { describe, expect, it } from 'vitest';
import { serviceCalls } from '../../../scripts/service-shapes.mjs';

// Issue 27 (ARCHITECTURE.md "Services ... take (scope, input)"): every service or use case a
// route calls gets the request's scope first (the studio's, the member's, the kiosk's, the
// account's, the owner portal's or a public route's, http/types.ts), never a db, deps or the
// user beside it. scripts/service-shapes.mjs classifies the calls; `--calls` lists them.

describe('the service calls routes make', () => {
  it('all take (scope, …)', () => {
    const { files, calls } = serviceCalls();
    expect(files).toBeGreaterThan(40);
    expect(calls.length).toBeGreaterThan(200);
    const others = calls.filter((c) => c.shape !== '(scope, …)');
    expect(others.map((c) => `${c.shape} ${c.fn} ${c.where}`)).toEqual([]);
  });
});
