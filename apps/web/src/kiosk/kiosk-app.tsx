import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { KioskRuntime } from './runtime/kiosk-runtime';
import type { CheckInRequest } from './runtime/check-in-types';
import { CheckInScreen } from './screens/check-in-screen';
import { PairingScreen } from './screens/pairing-screen';

/** The pairing code in the address of Settings' QR code (/kiosk?code=...), taken off it once read. */
function takePairingCode(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code');
  if (code === null) return null;
  url.searchParams.delete('code');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return code.trim() || null;
}

/** The kiosk device's page at /kiosk (docs/product/kiosk.md). */
export function KioskApp({ runtime }: { runtime: KioskRuntime }) {
  const status = useSyncExternalStore(runtime.subscribe, runtime.getStatus);

  useEffect(() => {
    void runtime.start(takePairingCode());
    return runtime.activate();
  }, [runtime]);

  const checkIn = useCallback((request: CheckInRequest) => runtime.checkIn(request), [runtime]);
  const pair = useCallback((code: string) => void runtime.pair(code), [runtime]);

  if (status.phase === 'loading') return <p className="p-6 text-2xl text-slate-900">Loading…</p>;
  if (status.phase === 'ready' && status.me)
    return <CheckInScreen me={status.me} status={status} onCheckIn={checkIn} />;
  return <PairingScreen status={status} onPair={pair} />;
}
