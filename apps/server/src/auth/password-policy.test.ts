import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../test/test-app.ts';
import { organizations } from '../db/schema/organizations.ts';
import { checkPasswordPolicy, COMMON_PASSWORD_COUNT } from './password-policy.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const signUpWith = (email: string, password: string) =>
  call(t.app, 'POST', '/api/auth/sign-up/email', { body: { email, password, name: 'Pat' } });

describe('the password policy', () => {
  it('uses a maintained common-password list of at least 10,000 entries', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    for (const password of ['letmein1', 'trustno1', 'sunshine1', 'football1', 'michael1']) {
      expect(checkPasswordPolicy(password).reasons, password).toEqual(['pwned']);
    }
    expect(checkPasswordPolicy('correct-horse-battery').ok).toBe(true);
  });
});

describe('weak passwords over the API', () => {
  it("refuses Coach-2026! in the API's error shape, saying it is a common word with a year", async () => {
    const res = await signUpWith('coach-person@example.com', 'Coach-2026!');
    expect(res.status).toBe(400);
    const message =
      'Password is too easy to guess: a common word with a year added is one of the first things guessed. Choose a different one, such as a few unrelated words.';
    expect(res.body.error).toEqual({
      code: 'weak_password',
      message,
      reasons: ['common_word'],
      fields: { password: message },
      requestId: expect.any(String),
    });
    // better-auth's browser client reads these two at the top level.
    expect(res.body).toMatchObject({ code: 'weak_password', message });
    // Other refusals of better-auth's routes keep its own shape and codes.
    const short = await signUpWith('short-person@example.com', 'a1b2c');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    expect(short.body.error).toBeUndefined();
    // A few unrelated words with a year are fine.
    expect((await signUpWith('coach-person@example.com', 'Coach-Granite-Otter-2026')).status).toBe(
      200,
    );
  });

  it('refuses abcdefg and letmein1 at sign-up with weak_password and reasons, creating no account', async () => {
    for (const [password, reasons] of [
      ['abcdefg', ['characters']],
      ['letmein1', ['pwned']],
    ] as const) {
      const email = `someone-${password.length}@example.com`;
      const res = await signUpWith(email, password);
      expect(res.status, password).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'weak_password', reasons });
      expect(res.body.error.message).toMatch(/^Password is too easy to guess/);
      const signIn = await call(t.app, 'POST', '/api/auth/sign-in/email', {
        body: { email, password },
      });
      expect(signIn.status).toBe(401);
    }
  });

  it("refuses a password made of the person's email at sign-up", async () => {
    const res = await signUpWith('quentin.blake@example.com', 'QuentinBlake1');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'weak_password', reasons: ['personal'] });
  });

  it("refuses a new password made of the person's studio name when changing it", async () => {
    const owner = await createOwner(t.app);
    const [studio] = await t.deps.database.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, owner.organization.id));
    const studioPassword = `${studio?.name.replace(/\s+/g, '')}!`;
    const res = await call(t.app, 'POST', '/api/auth/change-password', {
      cookie: owner.cookie,
      body: { currentPassword: 'correct-horse-battery', newPassword: studioPassword },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'weak_password',
      reasons: ['personal'],
      fields: { newPassword: res.body.error.message },
    });
    const fine = await call(t.app, 'POST', '/api/auth/change-password', {
      cookie: owner.cookie,
      body: { currentPassword: 'correct-horse-battery', newPassword: 'granite-walls-at-dawn' },
    });
    expect(fine.status).toBe(200);
  });
});
