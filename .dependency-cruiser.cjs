// Module boundaries of the server (issue 27; ARCHITECTURE.md "Module layout"), checked by
// apps/server/src/architecture.test.ts on every `npm test` (it cruises with this file's options and
// rules, then checks the module-level graph), or by hand: `npx depcruise --config
// .dependency-cruiser.cjs apps/server/src` (the rules below only).
//   - A module (apps/server/src/modules/<name>/) never imports a module that imports it back,
//     directly or through others: the modules form layers. Workflows that combine modules live
//     above them in apps/server/src/use-cases/; small shared pieces go down (to the lower module,
//     context/ or lib/).
//   - Modules never import what sits above them: use cases (only a module's HTTP layer, its
//     *.routes.ts, calls them) and the app's composition.
// The first is checked by the test on the graph collapsed to one node per module: dependency-cruiser's
// own cycle rules see files, or every folder (where db/ → jobs/ → a module's job handler is a cycle
// by design). Tests and their fixtures may reach across modules (they drive whole workflows).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'modules-below-use-cases',
      severity: 'error',
      comment:
        'A module imports a use case or the app composition; those sit above the modules and call them, never the other way.',
      from: { path: '^apps/server/src/modules/', pathNot: '[.]routes[.]ts$' },
      to: { path: '^apps/server/src/use-cases/' },
    },
    {
      name: 'modules-below-the-app',
      severity: 'error',
      comment: 'A module imports the app composition (app, main, bootstrap, the web app).',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/(app|main|bootstrap|http/web-app)[.]ts$' },
    },
  ],
  options: {
    includeOnly: '^apps/server/src/',
    exclude: {
      path: '([.]test[.]ts|-fixtures[.]ts|-crash-child[.]ts)$|^apps/server/src/(bench|cli)/',
    },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
    combinedDependencies: false,
  },
};
