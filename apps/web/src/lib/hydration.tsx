import { type ReactNode, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while rendering at build time and during hydration, true from the first render after.
 * The first client render must match the pre-rendered HTML, so anything that differs in the
 * browser waits for the re-render this triggers.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Pre-rendered forms paint before their JavaScript runs. Until it has, their controls stay
 * disabled: a form submitted natively would send its fields (a password too) in the URL, and
 * text typed before hydration would be lost by the form's state.
 */
export function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}
