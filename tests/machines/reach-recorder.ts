import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/**
 * For `npm run flows:coverage`: when FLOW_REACH_DIR is set, every replayed path test appends the states it reached and
 * the transitions it took (StateNode ids and transitionKey strings) to one JSON-lines file per worker in that folder.
 * Unset, it does nothing.
 */
export const reachDirVariable = 'FLOW_REACH_DIR';

export interface ReachLine {
  machine: string;
  states: string[];
  transitions: string[];
}

export function recordReach(line: ReachLine): void {
  const dir = process.env[reachDirVariable];
  if (!dir) return;
  appendFileSync(path.join(dir, `reach-${process.pid}-${threadId}.jsonl`), `${JSON.stringify(line)}\n`);
}

/**
 * For `npm run flows:paths`: when FLOW_PATHS_DIR is set, every planPaths call appends its plans (one JSON line per
 * call: a machine tested with several inputs has several sets) to one file per worker in that folder.
 */
export const pathsDirVariable = 'FLOW_PATHS_DIR';

export interface PlanLine {
  machine: string;
  plans: { name: string; steps: { event: string; transitions: { key: string; description: string | undefined }[] }[] }[];
}

export function recordPlans(line: PlanLine): void {
  const dir = process.env[pathsDirVariable];
  if (!dir) return;
  appendFileSync(path.join(dir, `paths-${process.pid}-${threadId}.jsonl`), `${JSON.stringify(line)}\n`);
}
