// npm run user:create -- --username U --department D [--admin] [--restricted] [--staging]
//   [--first-name F] [--last-name L]
// The password is read from stdin (piped, or typed at the prompt) so it never appears in the shell history.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { departments, type Department } from '@lab/domain';
import { openConfiguredDatabase } from '../db/open-configured';
import { createUser } from './users';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    department: { type: 'string' },
    admin: { type: 'boolean', default: false },
    restricted: { type: 'boolean', default: false },
    // Staging users try new releases; they never see the file-lock bar.
    staging: { type: 'boolean', default: false },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const username = values.username?.trim() || fail('--username is required');
const department = (values.department?.toUpperCase() ?? '') as Department;
if (!departments.includes(department)) fail(`--department must be one of ${departments.join(', ')}`);

const readPassword = async (): Promise<string> => {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
};

const password = await readPassword();
if (password.length < 4) fail('The password must be at least 4 characters');

const database = await openConfiguredDatabase();
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
  const flags = [
    values.admin && 'admin',
    values.restricted && 'restricted',
    values.staging && 'staging',
  ].filter(Boolean);
  console.log(`Created user ${username} (${[department, ...flags].join(', ')})`);
} catch (error) {
  fail(`Could not create ${username}: ${(error as Error).message}`);
} finally {
  await database.close();
}
