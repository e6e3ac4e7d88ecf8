import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderPortal, studio, stubFetch } from '../test/render-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('portal branding', () => {
  it("paints the portal in the studio's colours, and drops them for a studio without", async () => {
    stubFetch({
      'GET /api/m/zen': { body: { ...studio, primaryColor: '#0f766e', secondaryColor: null } },
      'GET /api/m/zen/me': () => apiError(401, 'unauthorized', 'Sign in'),
    });
    const view = renderPortal('/m/zen');
    await screen.findByRole('button', { name: 'Send code' });
    // The window title names the page and the studio.
    expect(document.title).toBe('Sign in – Studio Zen');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--primary')).toBe('#0f766e');
    // The secondary colour falls back to the primary.
    expect(style.getPropertyValue('--sidebar-primary')).toBe('#0f766e');
    view.unmount();
    expect(style.getPropertyValue('--primary')).toBe('');
  });
});
