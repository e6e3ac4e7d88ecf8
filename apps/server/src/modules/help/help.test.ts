import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ARTICLE = 'set-up-your-studio';

describe('help article views', () => {
  it('counts each opening, globally across studios, and lists the counts by slug', async () => {
    const a = await createOwner(t.app);
    const b = await createOwner(t.app);
    const before = await call(t.app, 'GET', '/api/help/views', { cookie: a.cookie });
    expect(before.status).toBe(200);
    expect(before.body.views[ARTICLE]).toBeUndefined();

    const first = await call(t.app, 'POST', `/api/help/articles/${ARTICLE}/views`, {
      cookie: a.cookie,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ slug: ARTICLE, views: 1 });
    // Another studio's owner opens the same article: the count is one across FitBase.
    const second = await call(t.app, 'POST', `/api/help/articles/${ARTICLE}/views`, {
      cookie: b.cookie,
    });
    expect(second.body).toEqual({ slug: ARTICLE, views: 2 });

    const after = await call(t.app, 'GET', '/api/help/views', { cookie: b.cookie });
    expect(after.body.views).toEqual({ [ARTICLE]: 2 });
  });

  it('counts views that arrive at the same moment without losing one', async () => {
    const person = await signUp(t.app);
    const slug = 'audit-log';
    await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, 'POST', `/api/help/articles/${slug}/views`, { cookie: person.cookie }),
      ),
    );
    const res = await call(t.app, 'GET', '/api/help/views', { cookie: person.cookie });
    expect(res.body.views[slug]).toBe(8);
  });

  it('is open to a signed-in person without a studio', async () => {
    const person = await signUp(t.app);
    const res = await call(t.app, 'POST', '/api/help/articles/dashboard-figures/views', {
      cookie: person.cookie,
    });
    expect(res.status).toBe(200);
  });

  it('answers 404 for a slug that is not an article of the catalog', async () => {
    const person = await signUp(t.app);
    for (const slug of ['no-such-article', 'faq-data-backup', 'x'.repeat(150)]) {
      const res = await call(t.app, 'POST', `/api/help/articles/${slug}/views`, {
        cookie: person.cookie,
      });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('refuses visitors who are not signed in', async () => {
    expect((await call(t.app, 'GET', '/api/help/views')).status).toBe(401);
    expect((await call(t.app, 'POST', `/api/help/articles/${ARTICLE}/views`)).status).toBe(401);
  });
});
