import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allStateIds, allTransitions } from '../../machines/path-coverage.ts';
import { journeysOf, missingMappings, reachOf } from './journey-map.ts';
import { journeyMaps } from './machines.ts';
import { reachFile, reachJson } from './reach.ts';

/**
 * No browser here: every state and transition of the machines QA's journeys walk has a mapping (or a reason why no
 * browser can take it), and reach.json says what the journeys take today.
 */
describe('generated journeys', () => {
  for (const map of journeyMaps) {
    it(`${map.machine.id}: every state is shown and every transition taken, or said why not (${map.file})`, () => {
      const reach = reachOf(map, journeysOf(map));
      expect(missingMappings(map, reach)).toEqual([]);
      expect(reach.states.length).toBe(allStateIds(map.machine).size);
      expect(reach.transitions.length + Object.keys(map.notDriven).length).toBe(allTransitions(map.machine).size);
    });
  }

  it(`${reachFile} is up to date (npm run flows:journeys writes it)`, async () => {
    expect(readFileSync(reachFile, 'utf8')).toBe(await reachJson());
  });
});
