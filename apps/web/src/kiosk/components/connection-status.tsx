const checkIns = (count: number) => `${count} ${count === 1 ? 'check-in' : 'check-ins'}`;

/**
 * Whether the kiosk reaches the server, and what waits to be sent. Offline, check-ins are decided
 * against the kept list and queued on this device (docs/product/kiosk.md, offline).
 */
export function ConnectionStatus({ online, queued }: { online: boolean; queued: number }) {
  // The live region stays in the page, so what appears in it is read out.
  return (
    <div role="status">
      {online && queued === 0 ? null : (
        <div
          className={`rounded-xl px-5 py-3 text-xl font-semibold ${
            online ? 'bg-sky-100 text-sky-950' : 'bg-amber-200 text-amber-950'
          }`}
        >
          {online ? (
            <p>Sending {checkIns(queued)}…</p>
          ) : (
            <>
              <p>Offline: check-ins are kept on this kiosk</p>
              <p className="font-medium">
                {queued === 0
                  ? 'Nothing waiting to be sent'
                  : `${checkIns(queued)} waiting to be sent`}
              </p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
