import type {
  KioskCheckInInput,
  KioskCheckInResult,
  KioskRoster,
} from '@fitbase/domain/contracts/kiosk';
import {
  KIOSK_REFUSALS,
  KIOSK_ROSTER_REFRESH_MINUTES,
  type KioskRefusal,
} from '@fitbase/domain/kiosk-constants';
import { shortCodeHash, shortPinHashOf } from '@fitbase/domain/kiosk-hashes';
import { KioskApiError, KioskUnreachableError, isUnpaired, type KioskApi } from '../api/kiosk-api';
import {
  applyCheckIn,
  decideOffline,
  DUPLICATE_WINDOW_MS,
  findMember,
  isLockedOut,
  sessionIndexOf,
  type MemberKey,
  type RecentCheckIn,
} from '../logic/offline-decision';
import { sendQueue } from '../logic/send-queue';
import type { KioskDevice, KioskStore } from '../storage/kiosk-store';
import type { CheckInOutcome, CheckInRequest, KioskStatus, PairOutcome } from './check-in-types';

/** While check-ins wait, or the server did not answer, try again this often. */
export const RETRY_MS = 15_000;
/** A queue the server refused (not for want of a network) is offered again after this. */
export const REFUSED_SYNC_MS = 5 * 60_000;
/** The most queued check-ins read back to lay over a fresh list. */
const OVERLAY_MAX = 100_000;

export interface KioskEnvironment {
  now(): number;
  /** The browser believes it has a network (navigator.onLine). */
  hasNetwork(): boolean;
  newId(): string;
}

export const browserEnvironment: KioskEnvironment = {
  now: () => Date.now(),
  hasNetwork: () => navigator.onLine,
  newId: () => crypto.randomUUID(),
};

const isRefusal = (code: string): code is KioskRefusal => Object.hasOwn(KIOSK_REFUSALS, code);

/**
 * The kiosk's state and everything it does with the server and the device's storage
 * (docs/product/kiosk.md): pairing, checking in online or against the cached list, the queue
 * and its sending, the list's refreshes. The screens read its status and call its actions; the
 * decisions themselves are the pure functions of logic/.
 */
export class KioskRuntime {
  private status: KioskStatus = {
    phase: 'loading',
    unpaired: false,
    discarded: 0,
    me: null,
    roster: null,
    online: true,
    queued: 0,
    pairError: null,
  };
  private device: KioskDevice | null = null;
  private listeners = new Set<() => void>();
  private recent: RecentCheckIn[] = [];
  private failures: number[] = [];
  private started: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private syncHeldUntil = 0;

  constructor(
    private readonly store: KioskStore,
    private readonly api: KioskApi,
    private readonly env: KioskEnvironment = browserEnvironment,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getStatus = () => this.status;

  private update(change: Partial<KioskStatus>) {
    this.status = { ...this.status, ...change };
    for (const listener of this.listeners) listener();
  }

  private reachable(online: boolean) {
    const value = online && this.env.hasNetwork();
    if (value !== this.status.online) this.update({ online: value });
  }

  /** Opens the kept kiosk (even offline), or pairs with a code from the page's address. */
  start(pairingCode: string | null): Promise<void> {
    this.started ??= this.open(pairingCode);
    return this.started;
  }

  private async open(pairingCode: string | null) {
    const [device, roster, queued] = await Promise.all([
      this.store.readDevice(),
      this.store.readRoster(),
      this.store.queueSize(),
    ]);
    this.device = device;
    this.update({
      me: device?.me ?? null,
      roster: device ? roster : null,
      queued,
      online: this.env.hasNetwork(),
      phase: device ? 'ready' : 'pairing',
    });
    if (pairingCode) await this.pair(pairingCode);
    else if (device) await this.catchUp();
  }

  /** Timers and the browser's network events, while the page is open. */
  activate(): () => void {
    const refresh = setInterval(() => void this.refresh(), KIOSK_ROSTER_REFRESH_MINUTES * 60_000);
    const retry = setInterval(() => {
      if (!this.status.online) void this.catchUp();
      else if (this.status.queued > 0 && this.env.now() >= this.syncHeldUntil) void this.sync();
    }, RETRY_MS);
    const online = () => void this.catchUp();
    const offline = () => this.reachable(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      clearInterval(refresh);
      clearInterval(retry);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }

  /** Sends what waits, then reads the list again (which then holds what was sent). */
  async catchUp(): Promise<void> {
    await this.sync();
    await this.refresh();
  }

  async pair(code: string): Promise<PairOutcome> {
    this.update({ phase: 'pairing_in_progress', pairError: null });
    // A kiosk paired again first sends what it still holds with its old token.
    if (this.device) await this.sync();
    let outcome: PairOutcome;
    try {
      const { token, ...me } = await this.api.pair(code.trim());
      await this.store.forgetAll();
      this.device = { token, me };
      await this.store.writeDevice(this.device);
      this.recent = [];
      this.failures = [];
      this.update({
        phase: 'ready',
        unpaired: false,
        discarded: 0,
        me,
        roster: null,
        queued: 0,
        online: this.env.hasNetwork(),
      });
      void this.refresh();
      return 'paired';
    } catch (error) {
      outcome =
        error instanceof KioskUnreachableError
          ? 'unreachable'
          : error instanceof KioskApiError && error.status === 400
            ? 'invalid_code'
            : 'failed';
    }
    this.update({ phase: this.device ? 'ready' : 'pairing', pairError: outcome });
    return outcome;
  }

  private async unpair() {
    const discarded = await this.store.queueSize();
    await this.store.forgetAll();
    this.device = null;
    this.recent = [];
    this.failures = [];
    this.update({
      phase: 'pairing',
      unpaired: true,
      discarded,
      me: null,
      roster: null,
      queued: 0,
      pairError: null,
    });
  }

  /** A failed request: the kiosk was unpaired, or the server could not be reached. */
  private async failed(error: unknown) {
    if (isUnpaired(error)) await this.unpair();
    else if (error instanceof KioskUnreachableError) this.reachable(false);
    else this.reachable(true);
  }

  async sync(): Promise<void> {
    this.syncing ??= this.sendQueued().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async sendQueued() {
    const device = this.device;
    if (!device || (await this.store.queueSize()) === 0) return;
    try {
      await sendQueue(this.store, (input) => this.api.sync(device.token, input));
      this.syncHeldUntil = 0;
      this.reachable(true);
    } catch (error) {
      // Refused (a 4xx other than unpaired): not every 15 s; it waits, kept, for a later try.
      if (error instanceof KioskApiError && !isUnpaired(error))
        this.syncHeldUntil = this.env.now() + REFUSED_SYNC_MS;
      await this.failed(error);
    }
    if (this.device) this.update({ queued: await this.store.queueSize() });
  }

  /** Reads what the kiosk knows of itself and today's list again. */
  async refresh(): Promise<void> {
    this.refreshing ??= this.readFresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async readFresh() {
    const device = this.device;
    if (!device) return;
    try {
      const [me, fresh] = await Promise.all([
        this.api.me(device.token),
        this.api.roster(device.token),
      ]);
      if (this.device !== device) return;
      // Check-ins still waiting are not in the server's list yet.
      let roster = fresh;
      for (const item of await this.store.queued(OVERLAY_MAX))
        roster = applyCheckIn(roster, item.memberNumber, sessionIndexOf(roster, item.sessionId));
      this.device = { token: device.token, me };
      await Promise.all([this.store.writeDevice(this.device), this.store.writeRoster(roster)]);
      this.reachable(true);
      this.update({ me, roster });
    } catch (error) {
      await this.failed(error);
    }
  }

  async checkIn(request: CheckInRequest): Promise<CheckInOutcome> {
    const device = this.device;
    if (!device) return { kind: 'unpaired' };
    const clientId = this.env.newId();
    const now = this.env.now();
    this.recent = this.recent.filter((entry) => now - entry.at < DUPLICATE_WINDOW_MS);
    // After a request went unanswered, decide here at once (not a timeout per member) until a
    // retry reaches the server again.
    if (this.env.hasNetwork() && this.status.online) {
      try {
        const result = await this.api.checkIn(device.token, { clientId, ...toInput(request) });
        this.reachable(true);
        void this.keepOnline(request, result, now);
        return {
          kind: 'welcome',
          firstName: result.member.firstName,
          photoUrl: result.member.photoUrl,
          session: result.session,
          duplicate: result.duplicate,
        };
      } catch (error) {
        if (!(error instanceof KioskUnreachableError)) return this.refused(error);
      }
    }
    this.reachable(false);
    // Decided here with the same client id: had the server recorded it after all, it counts once.
    return this.decideHere(request, clientId, now);
  }

  private async refused(error: unknown): Promise<CheckInOutcome> {
    this.reachable(true);
    if (isUnpaired(error)) {
      await this.unpair();
      return { kind: 'unpaired' };
    }
    if (!(error instanceof KioskApiError)) return { kind: 'failed' };
    if (isRefusal(error.code)) return { kind: 'refused', code: error.code };
    if (error.code === 'kiosk_member_not_found') return { kind: 'not_found' };
    if (error.code === 'kiosk_locked') return { kind: 'locked' };
    return { kind: 'failed' };
  }

  private async keyOf(request: CheckInRequest): Promise<MemberKey> {
    if (request.method === 'code') return { codeHash: await shortCodeHash(request.code) };
    if (request.method === 'number') return { memberNumber: request.memberNumber };
    const salt = this.status.me?.settings.pinSalt ?? '';
    return { pinHash: await shortPinHashOf(request.phoneDigits, request.pin, salt) };
  }

  /** Keeps an online check-in in the cached list, for the decisions made if the network drops. */
  private async keepOnline(request: CheckInRequest, result: KioskCheckInResult, at: number) {
    const roster = this.status.roster;
    if (!roster) return;
    const member = findMember(roster, await this.keyOf(request));
    if (!member || this.status.roster !== roster) return;
    this.recent.push({ memberNumber: member.memberNumber, at });
    if (result.duplicate) return;
    const next = applyCheckIn(
      roster,
      member.memberNumber,
      sessionIndexOf(roster, result.session?.id ?? null),
    );
    this.update({ roster: next });
    await this.store.writeRoster(next);
  }

  private async decideHere(
    request: CheckInRequest,
    clientId: string,
    now: number,
  ): Promise<CheckInOutcome> {
    const roster = this.status.roster;
    const me = this.status.me;
    if (!roster || !me) return { kind: 'unavailable' };
    if (isLockedOut(this.failures, now)) return { kind: 'locked' };
    const member = findMember(roster, await this.keyOf(request));
    const decision = decideOffline({
      roster,
      settings: me.settings,
      member,
      recent: this.recent,
      now,
    });
    switch (decision.kind) {
      case 'not_found':
        this.failures = [...this.failures.slice(-50), now];
        return { kind: 'not_found' };
      case 'refused':
        return { kind: 'refused', code: decision.code };
      case 'duplicate':
        return welcome(decision.member, null, true);
      case 'accepted': {
        const { member: found, sessionIndex } = decision;
        const session = sessionIndex === null ? null : roster.sessions[sessionIndex]!;
        const next = applyCheckIn(roster, found.memberNumber, sessionIndex);
        await this.store.recordOffline(
          {
            clientId,
            memberNumber: found.memberNumber,
            sessionId: session?.id ?? null,
            checkedInAt: new Date(now).toISOString(),
          },
          next,
        );
        this.recent.push({ memberNumber: found.memberNumber, at: now });
        this.update({ roster: next, queued: this.status.queued + 1 });
        return welcome(found, session, false);
      }
    }
  }
}

function welcome(
  member: { firstName: string; photoUrl: string | null },
  session: KioskRoster['sessions'][number] | null,
  duplicate: boolean,
): CheckInOutcome {
  return {
    kind: 'welcome',
    firstName: member.firstName,
    photoUrl: member.photoUrl,
    session: session && { name: session.name, startsAt: session.startsAt },
    duplicate,
  };
}

function toInput(request: CheckInRequest): Omit<KioskCheckInInput, 'clientId'> {
  switch (request.method) {
    case 'code':
      return { method: 'code', code: request.code.trim() };
    case 'pin':
      return { method: 'pin', phoneDigits: request.phoneDigits, pin: request.pin };
    case 'number':
      return { method: 'number', memberNumber: request.memberNumber };
  }
}
