import { MOBILE_BREAKPOINT_PX } from '@fitbase/domain/constants';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(query).matches;
}

/**
 * True below the 768px mobile breakpoint (docs/product/layout.md#sidebar-behaviour).
 * useSyncExternalStore gives the right answer on the first render, so the sidebar never flashes its
 * desktop form on a phone.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
