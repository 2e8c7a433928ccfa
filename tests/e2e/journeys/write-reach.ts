import { writeFileSync } from 'node:fs';
import { journeysOf } from './journey-map.ts';
import { journeyMaps } from './machines.ts';
import { reachFile, reachJson } from './reach.ts';

/** `npm run flows:journeys`: writes reach.json and prints each machine's journeys. */
writeFileSync(reachFile, await reachJson());
for (const map of journeyMaps) {
  const journeys = journeysOf(map);
  console.log(`${map.machine.id}: ${journeys.length} journeys`);
  for (const journey of journeys) console.log(`  ${journey.title}\n    ${journey.name}`);
}
console.log(`wrote ${reachFile}`);
