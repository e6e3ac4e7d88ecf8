import type { KioskMe, KioskRoster } from '@fitbase/domain/contracts/kiosk';
import type { KioskRefusal } from '@fitbase/domain/kiosk-constants';

/** What a member gave the kiosk: their QR code (or typed it), their phone digits and PIN, or their number. */
export type CheckInRequest =
  | { method: 'code'; code: string }
  | { method: 'pin'; phoneDigits: string; pin: string }
  | { method: 'number'; memberNumber: number };

/** What the big screen answers. */
export type CheckInOutcome =
  | {
      kind: 'welcome';
      firstName: string;
      photoUrl: string | null;
      session: { name: string; startsAt: string } | null;
      /** Checked in within the last minute already: counted once. */
      duplicate: boolean;
    }
  | { kind: 'refused'; code: KioskRefusal }
  | { kind: 'not_found' }
  | { kind: 'locked' }
  /** Offline before any list of members was kept: nothing to decide against. */
  | { kind: 'unavailable' }
  /** The kiosk was unpaired: the pairing screen follows. */
  | { kind: 'unpaired' }
  | { kind: 'failed' };

export type PairOutcome = 'paired' | 'invalid_code' | 'unreachable' | 'failed';

export interface KioskStatus {
  phase: 'loading' | 'pairing' | 'pairing_in_progress' | 'ready';
  /** The server said this kiosk was revoked: "This kiosk was unpaired". */
  unpaired: boolean;
  /** Check-ins made offline that were forgotten with the unpaired kiosk's data. */
  discarded: number;
  me: KioskMe | null;
  roster: KioskRoster | null;
  /** The server answered the last request and the browser has a network. */
  online: boolean;
  /** Check-ins waiting to be sent. */
  queued: number;
  /** The last pairing attempt's failure, shown on the pairing screen. */
  pairError: Exclude<PairOutcome, 'paired'> | null;
}
