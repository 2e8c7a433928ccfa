/**
 * The scale test's throughput rows: the same mixed load at a fixed concurrency through the balancer in front of 1, 2
 * and 3 instances, with requests per second and p99 per request kind, and the server CPU each request cost — the
 * instances' Node processes and the PostgreSQL servers' processes (primary and replica, every backend), read from
 * /proc before and after. On this 2-core machine throughput cannot grow past the cores: the CPU per request is
 * what carries over to a bigger machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, loadAverages, markdownTable } from './measure.ts';
import { startNginx } from './nginx.ts';
import { latencies } from './percentiles.ts';
import { driveShoppers, emptyRecord, type Shop } from './scale-shoppers.ts';

/** Linux's clock ticks per second for /proc/<pid>/stat's times (USER_HZ: 100 on every architecture Linux runs on). */
const ticksPerSecond = 100;

interface ProcStat {
  ppid: number;
  /** utime + stime, and cutime + cstime (the children waited for), in ticks. */
  own: number;
  children: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis are plain.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3] ?? 0);
    return { ppid: at(4), own: at(14) + at(15), children: at(16) + at(17) };
  } catch {
    return undefined;
  }
}

/** CPU seconds of a process, and with `withChildren` of its live children and the children it already waited for. */
export function cpuSeconds(pid: number, withChildren = false): number {
  const self = procStat(pid);
  if (!self) return 0;
  let ticks = self.own;
  if (withChildren) {
    ticks += self.children;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = procStat(Number(entry));
      if (child?.ppid === pid) ticks += child.own;
    }
  }
  return ticks / ticksPerSecond;
}

export interface ThroughputSetup {
  shop: Shop;
  shoppers: number;
  seconds: number;
  /** Every instance's port and process id, in the order they are added. */
  instances: readonly { port: number; pid: number }[];
  /** The PostgreSQL servers' postmaster process ids (primary, replica): their backends are their children. */
  postmasters: readonly number[];
  firstBalancerPort: number;
  folder: string;
  log: (message: string) => void;
}

const kinds = ['home', 'product', 'search', 'addtocart', 'placeorder', 'kyc upload', 'wallet placeorder'] as const;

/** Runs the rows (1, 2, 3 instances) and returns the section's markdown lines. */
export async function throughputRows(setup: ThroughputSetup): Promise<string[]> {
  const rows: string[][] = [];
  const kindRows: string[][] = [];
  for (let count = 1; count <= setup.instances.length; count++) {
    const serving = setup.instances.slice(0, count);
    const balancer = await startNginx(
      setup.firstBalancerPort + count,
      serving.map((i) => i.port),
      path.join(setup.folder, `nginx-${count}`),
    );
    try {
      setup.log(`throughput: ${setup.shoppers} shoppers for ${setup.seconds} s through nginx in front of ${count} instance(s)`);
      const record = emptyRecord();
      const nodeBefore = serving.reduce((sum, i) => sum + cpuSeconds(i.pid), 0);
      const postgresBefore = setup.postmasters.reduce((sum, pid) => sum + cpuSeconds(pid, true), 0);
      const started = performance.now();
      await driveShoppers(
        `http://127.0.0.1:${balancer.port}`,
        setup.shop,
        setup.shoppers,
        () => performance.now() - started > setup.seconds * 1000,
        record,
      );
      const wall = (performance.now() - started) / 1000;
      const nodeCpu = serving.reduce((sum, i) => sum + cpuSeconds(i.pid), 0) - nodeBefore;
      const postgresCpu = setup.postmasters.reduce((sum, pid) => sum + cpuSeconds(pid, true), 0) - postgresBefore;
      const load = loadAverages();
      const requests = [...record.calls.values()].reduce((sum, c) => sum + c.ok + c.failed, 0);
      const failed = [...record.calls.values()].reduce((sum, c) => sum + c.failed, 0);
      const all = latencies([...record.calls.values()].flatMap((c) => c.ms));
      rows.push([
        String(count),
        fmt(requests / wall),
        String(failed),
        fmt(all.p50),
        fmt(all.p99),
        fmt((nodeCpu * 1000) / requests),
        fmt((postgresCpu * 1000) / requests),
        fmt(((nodeCpu + postgresCpu) * 1000) / requests),
        fmt((nodeCpu + postgresCpu) / wall),
        load,
      ]);
      for (const kind of kinds) {
        const calls = record.calls.get(kind);
        if (!calls) continue;
        kindRows.push([kind, String(count), fmt((calls.ok + calls.failed) / wall), fmt(latencies(calls.ms).p99), String(calls.failed)]);
      }
    } finally {
      await balancer.stop();
    }
  }
  return [
    `The same mixed load (browse, search, cart, guest checkout, KYC uploads, wallet redemptions), ${setup.shoppers} shoppers without think time, ${setup.seconds} s per row, through nginx in front of 1, 2 and 3 instances (all on the primary and the replica above). Server CPU per request: the serving instances' Node processes plus every PostgreSQL process of the primary and the replica (/proc), over every request of the row. This machine has ${os.availableParallelism()} cores, shared with other work (the load average beside each row): throughput cannot grow past them, so more instances here mostly add contention; the CPU per request is what a bigger machine keeps.`,
    '',
    ...markdownTable(
      [
        'instances',
        'requests/s',
        'failed',
        'p50 ms',
        'p99 ms',
        'Node CPU ms/request',
        'PostgreSQL CPU ms/request',
        'server CPU ms/request',
        'server cores busy',
        'load average (1, 5, 15 min)',
      ],
      rows,
      [0, 1, 2, 3, 4, 5, 6, 7, 8],
    ),
    '',
    ...markdownTable(['request', 'instances', 'requests/s', 'p99 ms', 'failed'], kindRows, [1, 2, 3, 4]),
  ];
}
