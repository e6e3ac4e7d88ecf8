import { and, eq } from 'drizzle-orm';
import { KIOSK_UNPAIRED_MESSAGE } from '@fitbase/domain/kiosk-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/test-app.ts';
import { kioskCall, pairKiosk } from '../../../test/fixtures/kiosk.ts';
import { kiosks } from '../../db/schema/kiosks.ts';
import { auditLog } from '../../db/schema/settings.ts';
import { INVALID_PAIRING_CODE } from './kiosk-pairing.service.ts';

// docs/product/kiosk.md#pairing

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
});
afterAll(async () => t?.close());

const pair = (name = 'Front door') =>
  call(t.app, 'POST', '/api/kiosks', { cookie: owner.cookie, body: { name } });
const useCode = (code: string) => call(t.app, 'POST', '/api/kiosk/pair', { body: { code } });
const listed = async (id: string) =>
  (await call(t.app, 'GET', '/api/kiosks', { cookie: owner.cookie })).body.kiosks.find(
    (k: { id: string }) => k.id === id,
  );

describe('pairing a kiosk', () => {
  it('shows a code once, which a device trades for its token once', async () => {
    const made = await pair();
    expect(made.status, made.text).toBe(201);
    const { pairingCode, pairingUrl, kiosk, expiresAt } = made.body;
    expect(pairingCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(pairingUrl).toBe(`${TEST_ORIGIN}/kiosk?code=${pairingCode}`);
    expect(kiosk).toMatchObject({ name: 'Front door', status: 'waiting', pairedAt: null });
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    // Only hashes are kept.
    const [row] = await t.deps.database.db.select().from(kiosks).where(eq(kiosks.id, kiosk.id));
    expect(row!.pairingCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(pairingCode.replace('-', ''));

    // Any case, with or without the dash.
    const paired = await useCode(pairingCode.replace('-', '').toLowerCase());
    expect(paired.status, paired.text).toBe(200);
    expect(paired.body.token).toMatch(/^fbk_[0-9A-Za-z]{43}$/);
    expect(paired.body.kiosk).toEqual({ id: kiosk.id, name: 'Front door' });
    expect(paired.body.studio.timeZone).toBe('UTC');
    // The studio's format (ADR 0038), so the kiosk writes dates as the studio does.
    expect(paired.body.studio).toMatchObject({ currency: 'USD', locale: 'en-US' });
    expect(paired.body.settings).toMatchObject({
      identifyBy: 'phone_and_pin',
      windowBeforeMinutes: 60,
      windowAfterMinutes: 15,
    });
    expect(paired.body.settings.pinSalt).toMatch(/^[0-9a-f]{32}$/);
    const [after] = await t.deps.database.db.select().from(kiosks).where(eq(kiosks.id, kiosk.id));
    expect(after!.pairingCodeHash).toBeNull();
    expect(after!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(after)).not.toContain(paired.body.token);

    const again = await useCode(pairingCode);
    expect([again.status, again.body.error.code, again.body.error.message]).toEqual([
      400,
      'invalid_code',
      INVALID_PAIRING_CODE,
    ]);
    const me = await kioskCall(t, paired.body.token, 'GET', '/api/kiosk/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body.settings.pinSalt).toBe(paired.body.settings.pinSalt);
    expect(await listed(kiosk.id)).toMatchObject({ status: 'paired' });
    expect((await listed(kiosk.id)).lastSeenAt).not.toBeNull();
  });

  it('refuses a wrong or expired code', async () => {
    expect((await useCode('ABCD-EFGH')).body.error.code).toBe('invalid_code');
    expect((await useCode('AB')).status).toBe(400);
    const made = await pair('Side door');
    await t.deps.database.db
      .update(kiosks)
      .set({ pairingExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(kiosks.id, made.body.kiosk.id));
    const expired = await useCode(made.body.pairingCode);
    expect([expired.status, expired.body.error.code]).toEqual([400, 'invalid_code']);
  });

  it('stops a revoked kiosk at its next request', async () => {
    const { kioskId, token } = await pairKiosk(t, owner.cookie, 'Gym floor');
    expect((await kioskCall(t, token, 'GET', '/api/kiosk/roster')).status).toBe(200);
    const revoked = await call(t.app, 'POST', `/api/kiosks/${kioskId}/revoke`, {
      cookie: owner.cookie,
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    for (const path of ['/api/kiosk/me', '/api/kiosk/roster']) {
      const res = await kioskCall(t, token, 'GET', path);
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
        401,
        'kiosk_unpaired',
        KIOSK_UNPAIRED_MESSAGE,
      ]);
    }
    // A waiting kiosk revoked: its code no longer pairs.
    const waiting = await pair('Never used');
    await call(t.app, 'POST', `/api/kiosks/${waiting.body.kiosk.id}/revoke`, {
      cookie: owner.cookie,
    });
    expect((await useCode(waiting.body.pairingCode)).body.error.code).toBe('invalid_code');
  });

  it('records pairing and revoking in the audit log, without the secrets', async () => {
    const made = await pair('Audited');
    const id = made.body.kiosk.id;
    await useCode(made.body.pairingCode);
    await call(t.app, 'POST', `/api/kiosks/${id}/revoke`, { cookie: owner.cookie });
    const entries = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'kiosks'), eq(auditLog.recordId, id)))
      .orderBy(auditLog.createdAt);
    expect(entries.map((e) => [e.action, e.actorUserId])).toEqual([
      ['insert', owner.userId],
      ['update', owner.userId],
    ]);
    expect(entries[1]!.after).toMatchObject({ revoked_at: expect.any(String) });
    const text = JSON.stringify(entries);
    expect(text).not.toContain('pairing_code_hash');
    expect(text).not.toContain('token_hash');
  });
});

describe('kiosk settings', () => {
  it('answers the defaults, saves, and the kiosk reads them', async () => {
    const other = await createOwner(t.app, 'pro');
    const get = await call(t.app, 'GET', '/api/kiosk-settings', { cookie: other.cookie });
    expect(get.body).toEqual({
      identifyBy: 'phone_and_pin',
      windowBeforeMinutes: 60,
      windowAfterMinutes: 15,
    });
    const settings = {
      identifyBy: 'member_number',
      windowBeforeMinutes: 30,
      windowAfterMinutes: 5,
    };
    const put = await call(t.app, 'PUT', '/api/kiosk-settings', {
      cookie: other.cookie,
      body: settings,
    });
    expect([put.status, put.body]).toEqual([200, settings]);
    expect(
      (
        await call(t.app, 'PUT', '/api/kiosk-settings', {
          cookie: other.cookie,
          body: { ...settings, windowBeforeMinutes: 721 },
        })
      ).status,
    ).toBe(400);
    const { token } = await pairKiosk(t, other.cookie);
    const me = await kioskCall(t, token, 'GET', '/api/kiosk/me');
    expect(me.body.settings).toMatchObject(settings);
    const entries = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'kiosk_settings'),
          eq(auditLog.organizationId, other.organization.id),
        ),
      );
    expect(entries.map((e) => e.action)).toEqual(['insert']);
  });
});

// Last: every pairing of this file comes from the same address.
describe('pairing tries', () => {
  it('are limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) last = (await useCode('ZZZZ-ZZZZ')).status;
    expect(last).toBe(429);
  });
});
