import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder of apps/web/src/features is a feature: the boundary rule below covers each one,
// so a new feature is covered the day its folder appears.
const features = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.fitbase/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // bulletproof-react boundaries: features never import each other; shared code never imports features.
  ...features.map((f) => ({
    files: [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(@/features/(?!${f}/)|@/app/|@/portal/|\\.\\./\\.\\./\\.\\./)`,
              message:
                'Features never import each other or the app shell: move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,lib,hooks,entities}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/(features|app|portal|kiosk)/',
              message:
                'Shared code must not depend on features, the app shell, the portal or the kiosk.',
            },
          ],
        },
      ],
    },
  },
  // The members' portal (portal.html) is a bundle of its own: shared UI and helpers only, never the
  // staff app (its features, shell, API client and studio state), and the staff app never imports it.
  {
    files: ['apps/web/src/portal/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(@/(features|app|entities)/|@/lib/(api/|api-client|auth-client|query-client|query-keys|session|realtime)|@/hooks/use-studio-id|\\.\\./\\.\\./)',
              message:
                'The portal never imports the staff app (features, shell, API client, session): only components/ui and lib helpers.',
            },
          ],
        },
      ],
    },
  },
  // The kiosk (kiosk.html) is a bundle of its own too: a device with a token, no session, no
  // studio state; it never imports the staff app or the portal, and neither imports it. Its
  // runtime never loads zod (contracts are imported as types; constants from kiosk-constants).
  {
    files: ['apps/web/src/kiosk/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(@/(features|app|entities|portal)/|@/lib/(api/|api-client|auth-client|query-client|query-keys|session|realtime)|@/hooks/use-studio-id|\\.\\./\\.\\./)',
              message:
                'The kiosk never imports the staff app or the portal: only components/ui, lib helpers and the domain package.',
            },
            {
              regex: '^zod$',
              message: 'The kiosk bundle stays without zod: use the domain constants and types.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/portal/', message: 'The staff app never imports the portal.' },
            { regex: '^@/kiosk/', message: 'The staff app never imports the kiosk.' },
          ],
        },
      ],
    },
  },
  // Server modules reach each other only through their services: queries, helpers and routes
  // of another module are its own business (tests may set up data however they need).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../<module>/<file>` unless the file is `*.service.ts` (and no detour via modules/).
              regex: '^(\\.\\./[^./][^/]*/.+(?<!\\.service\\.ts)|(\\.\\./)+modules/.*)$',
              message:
                "Modules reach each other only through their *.service.ts: call a function exported by the other module's service, or move shared plumbing to context/, db/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  // Every server log line is JSON through the one logger (lib/logger.ts; docs/operations.md#logs).
  // Command-line tools (cli/, bench/) print to the person who ran them; tests print as they like.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/cli/**', 'apps/server/src/bench/**', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'drizzle-orm*', 'hono*', 'react*', 'pg', '@electric-sql/*'],
              message: 'packages/domain holds pure rules: no I/O.',
            },
          ],
        },
      ],
    },
  },
);
