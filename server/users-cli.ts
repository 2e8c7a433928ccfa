/**
 * npm run users -- add --email E --password P --role seller|staff [--loc ID ...] | list | remove --email E
 * Seller and staff users of the configured database (DATABASE_URL, or PGlite in DATA_DIR): see README "Run the
 * store's side". Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, readConfig } from './config.ts';
import { DatabaseOpenError, openDatabase, type DatabaseHandle } from './db/connection.ts';
import type { DataDirUse } from './db/data-dir-lock.ts';
import { migrateToLatest } from './db/migrate.ts';
import { addStoreUser, listStoreUsers, removeStoreUser, type StoreRole } from './services/accounts/store-users.ts';

const usage = `Usage:
  npm run users -- add --email EMAIL --password PASSWORD --role seller --loc LOC_ID [--loc LOC_ID ...]
  npm run users -- add --email EMAIL --password PASSWORD --role staff
  npm run users -- list
  npm run users -- remove --email EMAIL
  A seller answers for the seller locations given (vendor_locations ids, the spec's loc_id); staff for every one.
  Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).`;

export type UsersArgs =
  | { kind: 'add'; email: string; password: string; role: StoreRole; locIds: number[] }
  | { kind: 'list' }
  | { kind: 'remove'; email: string }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

export function parseUsersArgs(argv: readonly string[]): UsersArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') return { kind: 'help' };
  const options: Record<string, string[]> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const match = /^--(email|password|role|loc)(?:=(.*))?$/.exec(arg);
    if (!match) return { kind: 'error', message: `Unknown argument "${arg}".` };
    const value = match[2] ?? rest[++i];
    if (value === undefined) return { kind: 'error', message: `--${match[1]} needs a value.` };
    (options[match[1]!] ??= []).push(value);
  }
  const one = (name: string) => options[name]?.[0];
  if (command === 'list') return { kind: 'list' };
  if (command === 'remove') {
    const email = one('email');
    return email ? { kind: 'remove', email } : { kind: 'error', message: '--email is required.' };
  }
  if (command !== 'add') return { kind: 'error', message: `Unknown command "${command}".` };
  const email = one('email');
  const password = one('password');
  const role = one('role');
  if (!email) return { kind: 'error', message: '--email is required.' };
  if (!password) return { kind: 'error', message: '--password is required.' };
  if (role !== 'seller' && role !== 'staff') return { kind: 'error', message: '--role must be seller or staff.' };
  const locIds: number[] = [];
  for (const text of options['loc'] ?? []) {
    if (!/^\d{1,9}$/.test(text.trim())) return { kind: 'error', message: `--loc must be a location id (got "${text}").` };
    locIds.push(Number(text.trim()));
  }
  return { kind: 'add', email, password, role, locIds };
}

type UsersCommand = Extract<UsersArgs, { kind: 'add' | 'list' | 'remove' }>;

const insteadOf: Record<UsersCommand['kind'], string> = { add: 'add the user', list: 'list the users', remove: 'remove the user' };

/**
 * Opens the database the users command works on. On the embedded database it takes the folder's lock, as the server
 * does (data-dir-lock.ts): while a server holds DATA_DIR this refuses, naming it, instead of writing beside it.
 */
export function openUsersDatabase(args: UsersCommand, where: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  const use: DataDirUse = {
    who: 'npm run users',
    otherwise: `${insteadOf[args.kind]} through a server using DATABASE_URL (PostgreSQL), where both can run at once`,
  };
  return openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir, use });
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseUsersArgs(argv);
  if (args.kind === 'help') {
    console.log(usage);
    return 0;
  }
  if (args.kind === 'error') {
    console.error(`${args.message}\n${usage}`);
    return 2;
  }
  let handle;
  try {
    const config = readConfig();
    handle = await openUsersDatabase(args, config);
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof DatabaseOpenError ? error.message : error);
    return 1;
  }
  try {
    await migrateToLatest(handle.db);
    if (args.kind === 'list') {
      for (const user of await listStoreUsers(handle.db)) {
        console.log(`${user.role}\t${user.email}${user.locIds.length ? `\tlocations ${user.locIds.join(', ')}` : ''}`);
      }
      return 0;
    }
    if (args.kind === 'remove') {
      const removed = await removeStoreUser(handle.db, args.email);
      console.log(removed ? `${args.email} is a shopper again; their sessions ended.` : `No seller or staff user ${args.email}.`);
      return removed ? 0 : 1;
    }
    const outcome = await addStoreUser(handle.db, args);
    if (outcome.kind === 'invalid') {
      console.error(`${outcome.field}: ${outcome.message}`);
      return 2;
    }
    console.log(
      `${outcome.kind === 'created' ? 'Created' : 'Updated'} ${args.role} ${args.email}${args.locIds.length ? ` for locations ${args.locIds.join(', ')}` : ''}.`,
    );
    return 0;
  } catch (error) {
    console.error('users failed:', error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await handle.close();
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  process.exitCode = await main(process.argv.slice(2));
}
