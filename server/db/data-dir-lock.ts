import fs from 'node:fs';
import path from 'node:path';
import { integer, is, min, optional, string, type } from 'superstruct';

/**
 * The embedded database's folder belongs to one process at a time: PGlite keeps its pages and its next ids in that
 * process's memory, so a second process writing the same folder (`npm run users` beside a running server) hands out
 * ids the first one also hands out. Every process that opens the folder (the server, `npm run users`, `npm run seed`)
 * takes this lock first: a file in the folder naming the holder's PID, made whole in one step (a link of a written
 * file), so another opener reads either nothing or the whole holder. A holder that died without closing leaves the file
 * behind; its PID is no longer alive (or, reused by another process since, started at another time), and the next
 * opener takes it over.
 */
export const dataDirLockName = 'store-process.lock';

/** Who opens the folder, in the words a refused opener is told. */
export interface DataDirUse {
  /** The holder as its PID follows it: "The store's server", "npm run users". */
  who: string;
  /** What a refused opener can do instead, after "stop it first, or ". */
  otherwise: string;
}

export const storeServerUse: DataDirUse = {
  who: "The store's server",
  otherwise: 'run the servers on DATABASE_URL (PostgreSQL), where several can run at once',
};

/** A process that does not say who it is (a script of the tests). */
export const unnamedUse: DataDirUse = {
  who: 'A process of the store',
  otherwise: 'use DATABASE_URL (PostgreSQL), where several processes can run at once',
};

export class DataDirHeldError extends Error {
  override name = 'DataDirHeldError';
}

export interface DataDirLock {
  /** Gives the folder up (only if this process still holds it). */
  release(): void;
}

/** The lock file's content: who holds it, and when that process started (Linux), so a reused PID is not taken for it. */
const holderStruct = type({ pid: min(integer(), 1), who: optional(string()), started: optional(string()) });

interface Holder {
  pid: number;
  who: string;
  started: string | undefined;
}

function readHolder(file: string): Holder | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!is(parsed, holderStruct)) return undefined;
    return { pid: parsed.pid, who: parsed.who ?? unnamedUse.who, started: parsed.started };
  } catch {
    return undefined;
  }
}

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat): with the PID it names one
 * process for the machine's uptime. Undefined where there is no /proc (or the process is gone).
 */
export function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it start past its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

/** The holder still runs: its PID is alive and, where both are known, started when the holder did. */
function holderAlive(holder: Holder): boolean {
  if (!processAlive(holder.pid)) return false;
  if (holder.started === undefined) return true;
  const started = processStart(holder.pid);
  return started === undefined || started === holder.started;
}

/** Alive, as far as this process can tell: EPERM is a live process of another user. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes dataDir's lock for this process or throws DataDirHeldError naming the live holder. A lock whose PID is dead
 * (or that cannot be read: a holder never writes it half) is taken over. `use` says who this process is, for the lock
 * file and for the refusal.
 */
export function lockDataDir(dataDir: string, use: DataDirUse): DataDirLock {
  const lockFile = path.join(dataDir, dataDirLockName);
  const mine: Holder = { pid: process.pid, who: use.who, started: processStart(process.pid) };
  const written = `${lockFile}.${process.pid}.new`;
  fs.writeFileSync(written, `${JSON.stringify(mine)}\n`);
  try {
    // A few rounds: each lost one means another opener moved at the same moment; one of us ends up holding it.
    for (let round = 0; round < 5; round += 1) {
      try {
        fs.linkSync(written, lockFile);
        return heldLock(lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockFile);
      if (holder && holderAlive(holder)) {
        throw new DataDirHeldError(`${holder.who} (PID ${holder.pid}) holds DATA_DIR ${dataDir}: stop it first, or ${use.otherwise}.`);
      }
      setAsideStale(lockFile, holder);
    }
  } finally {
    fs.rmSync(written, { force: true });
  }
  throw new DataDirHeldError(`DATA_DIR ${dataDir} changed hands while this process tried to open it: try again.`);
}

/**
 * Removes a dead holder's lock. Moved aside first, then checked: if another opener took the folder over between our
 * read and the move, what we moved is its live lock, and it goes back.
 */
function setAsideStale(lockFile: string, stale: Holder | undefined): void {
  const aside = `${lockFile}.${process.pid}.stale`;
  try {
    fs.renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  if (moved && (moved.pid !== stale?.pid || moved.started !== stale.started || holderAlive(moved))) {
    try {
      fs.linkSync(aside, lockFile);
    } catch {
      // A third opener holds the path now: it goes on holding it; the next round reads it.
    }
  }
  fs.rmSync(aside, { force: true });
}

function heldLock(lockFile: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only our own lock: never a file another process wrote after taking ours over.
    if (readHolder(lockFile)?.pid === process.pid) fs.rmSync(lockFile, { force: true });
  };
  // A process that exits without closing its database (an uncaught error) still gives the folder back.
  process.on('exit', release);
  return { release };
}
