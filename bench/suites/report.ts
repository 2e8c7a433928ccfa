/**
 * `npm run bench:report`: writes bench/results/goals.generated.md again from the last `npm run bench` (bench/results/rows.json and
 * bench/results/run.json), measuring nothing. For when the report's wording, goals or causes change after a run.
 */
import { readStoredReport, writeResults } from '../lib/results-store.ts';

writeResults(readStoredReport());
console.log('wrote bench/results/goals.generated.md from bench/results/rows.json and bench/results/run.json');
