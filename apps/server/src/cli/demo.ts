import { parseArgs } from 'node:util';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, errorMessage } from './exit-codes.ts';

const USAGE = `Usage: npm run demo [-- --size small]

Creates the studio "Demo Fitness" with six months of history ending today in its time zone
(America/New_York): members, staff in every role, classes and courses, bookings and check-ins,
billing, the store, leads, campaigns, automations, messages, waivers, a kiosk and webhooks.
A second run replaces the demo studio and changes nothing else (docs/product/demo-studio.md).

  --size small   six weeks and 20 members, the same kinds of records (what the test uses)

Uses PostgreSQL when DATABASE_URL is set, otherwise the embedded database in FITBASE_DATA_DIR
(default .fitbase), which cannot be used while the server is running: stop it first.`;

function usageError(problem: string): number {
  console.error(`${problem}\n\n${USAGE}`);
  return EXIT_USAGE;
}

async function main(argv: string[]): Promise<number> {
  let size: 'full' | 'small' = 'full';
  try {
    const { values } = parseArgs({
      args: argv[0] === '--' ? argv.slice(1) : argv,
      options: { size: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      return EXIT_OK;
    }
    if (values.size !== undefined && values.size !== 'full' && values.size !== 'small')
      return usageError(`--size is full or small, not "${values.size}".`);
    size = (values.size as 'full' | 'small' | undefined) ?? 'full';
  } catch (error) {
    return usageError(errorMessage(error));
  }
  // Loaded only now, so that a usage error answers at once.
  const [
    { loadCliConfig, describeDatabase },
    { createDeps, openConfiguredDatabase },
    { createLogger },
    { runDemo },
  ] = await Promise.all([
    import('./configured-database.ts'),
    import('../bootstrap.ts'),
    import('../lib/logger.ts'),
    import('../demo/run-demo.ts'),
  ]);
  const config = loadCliConfig();
  console.log(`Building the demo studio in ${describeDatabase(config)}...`);
  const database = await openConfiguredDatabase(config, createLogger('warn'));
  try {
    await database.migrate();
    const deps = createDeps(config, database, { logger: createLogger('warn') });
    const result = await runDemo(deps, { size, log: (line) => console.log(line) });
    const f = result.figures;
    const sum = (prefix: string) =>
      Object.entries(f)
        .filter(([k]) => k === prefix || k.startsWith(`${prefix}: `))
        .reduce((n, [, v]) => n + v, 0);
    console.log(
      `\n${result.replaced ? 'Replaced' : 'Created'} "Demo Fitness" in ${(result.elapsedMs / 1000).toFixed(1)} s: ` +
        `${sum('members')} members, ${sum('bookings')} bookings, ${sum('visits')} check-ins, ` +
        `${sum('ledger entries')} payments, ${sum('orders')} store orders, ${sum('leads')} leads, ` +
        `${sum('campaigns')} campaigns, ${sum('messages')} messages.`,
    );
    const p = result.phases;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `(${result.replaced ? `replacing the previous demo ${s(p.replace)}, ` : ''}opening ${s(p.open)}, ` +
        `six months ${s(p.history)}, today ${s(p.today)})`,
    );
    for (const w of result.warnings) console.log(`Note: ${w}`);
    const url = config.appUrl;
    console.log(`\nStart the server (npm start) and open ${url}/auth to sign in as:`);
    for (const s of result.signIns.filter((x) => x.password))
      console.log(`  ${s.role.padEnd(8)} ${s.email.padEnd(34)} ${s.password}   (${s.name})`);
    const member = result.signIns.find((x) => !x.password);
    if (member)
      console.log(
        `\nMember portal: ${url}${result.portalPath}, sign in as ${member.email} (${member.name}):\n` +
          '  the sign-in code is emailed; without SMTP_URL it is written to the server log.',
      );
    return EXIT_OK;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`Error: ${errorMessage(error)}`);
    process.exitCode = EXIT_FAILURE;
  },
);
