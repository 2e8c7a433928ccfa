/**
 * What one `npm run bench` leaves besides bench/results/goals.generated.md: its rows (bench/results/rows.json) and the
 * run around them (bench/results/run.json: when, on what machine, the load, the seeds, which rows belong to which
 * data set). From those two, `npm run bench:report` writes the goals file again (after the report's wording or its
 * causes change) without measuring anything again.
 */
import { array, create, enums, number, object, optional, string, type Infer } from 'superstruct';
import { benchRows, type BenchRow } from './measure.ts';
import { readGenerated, writeGenerated } from './results-files.ts';
import { resultsReport, thisMachine, type DataSetRun, type Report } from './run-all-report.ts';

/** Names in bench/results/ (results-files.ts). */
export const resultsFiles = {
  goals: 'goals.generated.md',
  rows: 'rows.json',
  run: 'run.json',
} as const;

const storedRun = object({
  written: string(),
  machine: string(),
  minutes: number(),
  loadAtStart: string(),
  loadAtEnd: string(),
  repeats: number(),
  partial: optional(string()),
  /** In the order their rows come in bench/results/rows.json; the rows of the app (bundle, Lighthouse) come last. */
  dataSets: array(
    object({
      key: string(),
      label: string(),
      database: enums(['pglite', 'postgres']),
      products: number(),
      rows: number(),
      seedSeconds: optional(number()),
      seedLoad: optional(string()),
    }),
  ),
  appRows: number(),
  notes: optional(array(string())),
});
type StoredRun = Infer<typeof storedRun>;

/** The run without its rows, and its rows in the order the stored run counts them. */
export function storedOf(report: Report): { run: StoredRun; rows: BenchRow[] } {
  const run: StoredRun = {
    written: report.written ?? new Date().toISOString().slice(0, 16),
    machine: report.machine ?? thisMachine(),
    minutes: report.minutes,
    loadAtStart: report.loadAtStart,
    loadAtEnd: report.loadAtEnd,
    repeats: report.repeats,
    ...(report.partial === undefined ? {} : { partial: report.partial }),
    dataSets: report.runs.map((r) => ({
      key: r.key,
      label: r.label,
      database: r.database,
      products: r.products,
      rows: r.rows.length,
      ...(r.seedSeconds === undefined ? {} : { seedSeconds: r.seedSeconds }),
      ...(r.seedLoad === undefined ? {} : { seedLoad: r.seedLoad }),
    })),
    appRows: report.once.length,
    ...(report.notes === undefined ? {} : { notes: [...report.notes] }),
  };
  return { run, rows: [...report.runs.flatMap((r) => r.rows), ...report.once] };
}

/** The report again from a stored run and its rows; refuses rows that do not add up to the run's counts. */
export function reportOf(run: StoredRun, rows: readonly BenchRow[]): Report {
  const expected = run.dataSets.reduce((n, set) => n + set.rows, run.appRows);
  if (expected !== rows.length)
    throw new Error(`${resultsFiles.run} counts ${expected} rows, ${resultsFiles.rows} holds ${rows.length}: not from the same run`);
  let next = 0;
  const runs: DataSetRun[] = run.dataSets.map(({ rows: count, ...set }) => {
    const own = rows.slice(next, next + count);
    next += count;
    return { ...set, rows: own };
  });
  return {
    runs,
    once: rows.slice(next),
    repeats: run.repeats,
    minutes: run.minutes,
    loadAtStart: run.loadAtStart,
    loadAtEnd: run.loadAtEnd,
    partial: run.partial,
    written: run.written,
    machine: run.machine,
    ...(run.notes === undefined ? {} : { notes: run.notes }),
  };
}

/** The goals file, the rows and the run, all from one report. */
export function writeResults(report: Report, root = process.cwd()): void {
  const stored = storedOf(report);
  writeGenerated(resultsFiles.goals, resultsReport(reportOf(stored.run, stored.rows)), root);
  writeGenerated(resultsFiles.rows, JSON.stringify(stored.rows, null, 1), root);
  writeGenerated(resultsFiles.run, JSON.stringify(stored.run, null, 1), root);
}

/** The last run's report, read back from its two files (checked, not trusted). */
export function readStoredReport(root = process.cwd()): Report {
  const read = (file: string): unknown => {
    const text = readGenerated(file, root);
    if (text === '') throw new Error(`bench/results/${file} is missing: run npm run bench first`);
    return JSON.parse(text);
  };
  return reportOf(create(read(resultsFiles.run), storedRun), create(read(resultsFiles.rows), benchRows));
}
