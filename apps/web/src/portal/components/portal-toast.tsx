import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/utils';

/**
 * The portal's toasts: a short line after booking or cancelling, in a live region (read out by
 * screen readers), gone after a few seconds or when closed. Its own few lines rather than the
 * staff app's toast library: the portal's JavaScript budget is small (a phone, a first visit).
 */
interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

const SHOWN_MS = 6_000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  emit(toasts.filter((toast) => toast.id !== id));
}

function show(kind: Toast['kind'], message: string) {
  const id = nextId++;
  // One at a time: a new answer replaces the last one.
  emit([{ id, kind, message }]);
  setTimeout(() => dismiss(id), SHOWN_MS);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function PortalToaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-4">
      <div role="status" aria-live="polite" className="contents">
        {shown
          .filter((t) => t.kind === 'success')
          .map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="contents">
        {shown
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
      </div>
    </div>
  );
}

function ToastItem({ toast: shown }: { toast: Toast }) {
  return (
    <div
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-md border p-3 text-sm shadow-md',
        shown.kind === 'error'
          ? 'border-destructive/30 bg-red-50 text-red-900'
          : 'border-green-600/30 bg-green-50 text-green-900',
      )}
    >
      <p className="flex-1">{shown.message}</p>
      <button
        type="button"
        className="rounded-sm opacity-70 outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        onClick={() => dismiss(shown.id)}
      >
        <X className="size-4" aria-hidden />
        <span className="sr-only">Close</span>
      </button>
    </div>
  );
}
