import { loadMachines } from './load-machines.ts';
import { flowDocOf } from './flow-docs.ts';
const m = (await loadMachines()).find((x) => x.id === process.argv[2])!;
const doc = flowDocOf(m, process.argv.slice(3));
for (const c of doc.charts) console.log(`=== ${c.name}\n${c.mermaid}`);
