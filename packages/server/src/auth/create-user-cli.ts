// npm run user:create -- --username U --department D [options]; `--help` tells the rest (usage below).
// Exits 0 when the user was made (or on --help), 1 when it could not be, 2 on a wrong command line.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { departments, type Department } from '@lab/domain';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/open-configured';
import { createUser } from './users';

const usage = `Usage: npm run user:create -- --username U --department D [options]

Creates an employee who signs in with a password. The password is read from stdin (piped, or typed
at the Password: prompt) so it never appears in the shell history; at least 4 characters.

Options:
  --username U      the sign-in name (required)
  --department D    ${departments.join(', ')} (required)
  --first-name F    first name shown in the app (default: the username)
  --last-name L     last name shown in the app (default: none)
  --admin           an administrator: manages users and reference data, invoicing, keys
  --restricted      hides Accounts, Gauge MRP and Management
  --staging         tries new releases first; never sees the file-lock bar
  -h, --help        shows this help

The user goes into the database the server uses: DATABASE_URL when set, else the embedded one in
DATA_DIR (default ./data), which a running server holds: stop it first.

Example:
  printf '%s\\n' 'long-secret-password' |
    npm run user:create -- --username jane --department DESIGN --first-name Jane --last-name Citizen`;

const options = {
  username: { type: 'string' },
  department: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  admin: { type: 'boolean', default: false },
  restricted: { type: 'boolean', default: false },
  // Staging users try new releases; they never see the file-lock bar.
  staging: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** A wrong command line: one line saying what is wrong, then the usage, exit 2. */
const refuseCommandLine = (message: string): never => {
  console.error(`user:create: ${message}\n\n${usage}`);
  process.exit(2);
};

const parseCommandLine = () => {
  const args = process.argv.slice(2);
  // Asking for help is never an error, whatever else is on the line.
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ args, options }).values;
  } catch (error) {
    // Node's own message goes on about positional arguments, which this command has none of.
    const [firstSentence = ''] = (error as Error).message.split('. ');
    return refuseCommandLine(firstSentence);
  }
};

/** The embedded database takes one process at a time, and `npm start` holds it while it runs. */
const serverRunningMessage = (error: DataDirInUseError): string =>
  [
    `The server is running on the data folder ${error.dataDir} (pid ${error.pid}),`,
    'and the embedded database takes one process at a time. To create the user:',
    '  1. stop the server: Ctrl+C in its terminal',
    '  2. run this command again',
    '  3. start the server again: npm start',
  ].join('\n');

const readPassword = async (): Promise<string> => {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
};

const values = parseCommandLine();
const username = values.username?.trim() || refuseCommandLine('--username is required');
const department = (values.department?.toUpperCase() ?? '') as Department;
if (!departments.includes(department)) {
  refuseCommandLine(`--department must be one of ${departments.join(', ')}`);
}

/** The database's reason, never the failed query: its parameters hold the password hash. */
const whyNotCreated = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  // unique_violation: user names are unique whatever their case.
  if (cause?.code === '23505') return 'a user with that name exists already';
  return cause?.message ?? (error as Error).message;
};

const createFromCommandLine = async (database: DatabaseHandle): Promise<number> => {
  const password = await readPassword();
  if (password.length < 4) {
    console.error('The password must be at least 4 characters');
    return 1;
  }
  try {
    await createUser(database.db, {
      username,
      password,
      department,
      admin: values.admin,
      restricted: values.restricted,
      staging: values.staging,
      first_name: values['first-name'] ?? username,
      last_name: values['last-name'] ?? '',
    });
  } catch (error) {
    console.error(`Could not create ${username}: ${whyNotCreated(error)}`);
    return 1;
  }
  const flags = [values.admin && 'admin', values.restricted && 'restricted', values.staging && 'staging'];
  console.log(`Created user ${username} (${[department, ...flags.filter(Boolean)].join(', ')})`);
  return 0;
};

// The database is opened before the password is asked for, so a running server is reported at once.
const run = async (): Promise<number> => {
  let database: DatabaseHandle;
  try {
    database = await openConfiguredDatabase(loadConfig());
  } catch (error) {
    console.error(
      error instanceof DataDirInUseError ? serverRunningMessage(error) : (error as Error).message,
    );
    return 1;
  }
  try {
    return await createFromCommandLine(database);
  } finally {
    await database.close();
  }
};

process.exitCode = await run();
