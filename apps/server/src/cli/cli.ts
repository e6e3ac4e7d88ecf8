import { PLATFORM_ROLES, type PlatformRole } from '@fitbase/domain/constants';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, errorMessage } from './exit-codes.ts';

const USAGE = `Usage: npm run cli -- <command> [arguments]

Commands:
  set-platform-role <email> <${PLATFORM_ROLES.join('|')}>
      Set the platform role of the user with this email (the first platform owner is made this way).
  help
      Show this message.

Uses PostgreSQL when DATABASE_URL is set, otherwise the embedded database in FITBASE_DATA_DIR
(default .fitbase). The embedded database cannot be used while the server is running.`;

function isPlatformRole(value: string): value is PlatformRole {
  return (PLATFORM_ROLES as readonly string[]).includes(value);
}

function usageError(problem: string): number {
  console.error(`${problem}\n\n${USAGE}`);
  return EXIT_USAGE;
}

async function setPlatformRoleCommand(args: string[]): Promise<number> {
  if (args.length !== 2)
    return usageError(`set-platform-role takes 2 arguments (email and role), got ${args.length}.`);
  const [email = '', role = ''] = args;
  if (!isPlatformRole(role))
    return usageError(`Unknown role "${role}": expected one of ${PLATFORM_ROLES.join(', ')}.`);
  if (!email.includes('@')) return usageError(`"${email}" is not an email address.`);
  // Loaded only now, so that a usage error answers at once.
  const [{ withConfiguredDatabase }, { setPlatformRole }, { AppError }] = await Promise.all([
    import('./configured-database.ts'),
    import('../modules/platform-users/platform-users.service.ts'),
    import('../lib/errors.ts'),
  ]);
  try {
    const result = await withConfiguredDatabase((database) =>
      setPlatformRole(database.db, email, role, null),
    );
    console.log(`Set platform role of ${result.email} to ${result.role}`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      console.error(error.message);
      return EXIT_FAILURE;
    }
    throw error;
  }
}

async function runCli(argv: string[]): Promise<number> {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const [command, ...rest] = args;
  switch (command) {
    case 'set-platform-role':
      return setPlatformRoleCommand(rest);
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return EXIT_OK;
    case undefined:
      return usageError('No command given.');
    default:
      return usageError(`Unknown command "${command}".`);
  }
}

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Configuration problems and a busy embedded database (EmbeddedDatabaseBusyError) land here.
    console.error(`Error: ${errorMessage(error)}`);
    process.exitCode = EXIT_FAILURE;
  },
);
