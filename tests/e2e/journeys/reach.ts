import { format, resolveConfig } from 'prettier';
import { journeysOf, reachOf, type Reach } from './journey-map.ts';
import { journeyMaps } from './machines.ts';

export const reachFile = 'tests/e2e/generated/reach.json';

/** Per machine id, the states and transitions the generated journeys take (sorted: deterministic). */
export function reachOfAll(): Record<string, Reach> {
  const reach: Record<string, Reach> = {};
  for (const map of journeyMaps) reach[map.machine.id] = reachOf(map, journeysOf(map));
  return reach;
}

/** reach.json's text, formatted as `npm run format` would leave it. */
export async function reachJson(): Promise<string> {
  const options = await resolveConfig(reachFile);
  return format(JSON.stringify(reachOfAll()), { ...options, filepath: reachFile });
}
