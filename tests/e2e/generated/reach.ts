import { journeysOf, reachOf, type Reach } from './journey-map.ts';
import { journeyMaps } from './machines.ts';

export const reachFile = 'tests/e2e/generated/reach.json';

/** reach.json's text: per machine id, the states and transitions the generated journeys take (sorted: deterministic). */
export function reachJson(): string {
  const reach: Record<string, Reach> = {};
  for (const map of journeyMaps) reach[map.machine.id] = reachOf(map, journeysOf(map));
  return `${JSON.stringify(reach, null, 2)}\n`;
}
