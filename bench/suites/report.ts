/**
 * `npm run bench:report`: writes bench/RESULTS.md again from the last `npm run bench` (bench/results-rows.json and
 * bench/results-run.json), measuring nothing. For when the report's wording, goals or causes change after a run.
 */
import { readStoredReport, writeResults } from './results-store.ts';

writeResults(readStoredReport());
console.log('wrote bench/RESULTS.md from bench/results-rows.json and bench/results-run.json');
