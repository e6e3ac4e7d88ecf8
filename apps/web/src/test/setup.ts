import { configure } from '@testing-library/react';
import { setTabOrganizationId } from '@/lib/api/current-organization';

// findBy* queries wait for lazy screens and query results. Their 1 s default is a race on a
// loaded 2-core CI machine (the server suite runs beside these tests); 5 s still fails fast on a
// real regression.
configure({ asyncUtilTimeout: 5_000 });

// Radix switches and checkboxes measure themselves; jsdom has no ResizeObserver. One stand-in for
// every component test (a test may still stub its own).
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// Charts pick their layout by a media query; jsdom has no matchMedia. Narrow screens never match.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

// The tab's studio is the one of test/studio-me.ts, as the app settles it once /api/me answers:
// API hooks key their queries by it (hooks/use-studio-id.ts). A test may set another.
setTabOrganizationId('org-1');
