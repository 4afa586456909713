import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadConfig } from '../config.js';
import { startDatabase } from '../db/database.js';
import { createOrm, migrate } from '../db/orm.js';
import { withStartupLock } from '../db/startup-lock.js';
import {
  addStaff,
  disableStaff,
  resetStaffPassword,
  resetStaffTwoFactor,
  StaffAccountError,
} from '../modules/staff-auth/accounts.js';

// npm run staff -- add|disable|reset-password|reset-2fa <email>
// add makes the account an active Administrator (a new one, or an existing one again): the way
// in for the first account, and back in when no Administrator can sign in. reset-2fa turns
// two-step sign-in off for someone who lost their authenticator and recovery codes.
// The password is read from standard input (typed at a hidden prompt, or piped), never from
// the command line, where it would land in shell history and the process list.

const COMMANDS = ['add', 'disable', 'reset-password', 'reset-2fa'];
const USAGE = `Usage: npm run staff -- ${COMMANDS.join('|')} <email>`;

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  process.stdout.write('Password: ');
  const muted = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const prompt = createInterface({ input: process.stdin, output: muted, terminal: true });
  const password = await new Promise<string>((resolve) => prompt.question('', resolve));
  prompt.close();
  process.stdout.write('\n');
  return password;
}

async function main(): Promise<number> {
  const [command, email, ...extra] = process.argv.slice(2);
  if (!command || !email || extra.length > 0 || !COMMANDS.includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const needsPassword = command === 'add' || command === 'reset-password';
  const password = needsPassword ? await readPassword() : '';
  const config = loadConfig();
  const database = await startDatabase(config);
  const orm = await createOrm({ databaseUrl: database.url });
  try {
    await withStartupLock(database.url, () => migrate(orm));
    const em = orm.em.fork();
    if (command === 'add') {
      const outcome = await addStaff(em, email, password);
      process.stdout.write(
        `Staff account ${email} ${outcome === 'created' ? 'added' : 'updated and enabled'} as an Administrator.\n`,
      );
    } else if (command === 'disable') {
      await disableStaff(em, email);
      process.stdout.write(`Staff account ${email} disabled; its sessions have ended.\n`);
    } else if (command === 'reset-2fa') {
      await resetStaffTwoFactor(em, email);
      process.stdout.write(`Two-step sign-in of ${email} turned off.\n`);
    } else {
      await resetStaffPassword(em, email, password);
      process.stdout.write(`Password of ${email} reset; its sessions have ended.\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof StaffAccountError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await orm.close(true);
    await database.stop();
  }
}

process.exitCode = await main();
