/**
 * One verification at a time on the local identity engine, without HTTP: `npx tsx bench/suites/identity-engine-timing.ts`.
 * For comparing the engine's settings (decision 024): wall time and CPU time (all the process's threads) of each
 * verification, the face half alone (matchFaces: two detections, no OCR), and the load average beside them.
 * Environment: RUNS (default 12). Prints a summary; writes nothing.
 */
import os from 'node:os';
import { startLocalIdentityEngine } from '../../server/adapters/identity/local-identity-engine.ts';
import { percentileOf as percentile } from '../lib/percentiles.ts';
import { kycPhotoSets } from './kyc-photos.ts';

const runs = Number(process.env.RUNS ?? 12);
const reference = 'a'.repeat(32);

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const bytes = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

function summary(name: string, samples: { wallMs: number; cpuMs: number }[]): string {
  const wall = samples.map((s) => s.wallMs);
  const cpu = samples.map((s) => s.cpuMs);
  const r = (n: number) => Math.round(n).toString();
  return `${name}: runs ${samples.length}, wall p50 ${r(percentile(wall, 50))} ms, max ${r(Math.max(...wall))} ms; CPU p50 ${r(percentile(cpu, 50))} ms (${(percentile(cpu, 50) / percentile(wall, 50)).toFixed(2)} cores busy)`;
}

const photos = (await kycPhotoSets()).map((set) => ({ idFront: bytes(set.front), selfie: bytes(set.selfie), reference }));
console.log(`load average at start ${load()}`);
const engine = startLocalIdentityEngine();
const loaded = await timed(() => engine.ready());
console.log(`engine ready in ${Math.round(loaded.wallMs)} ms (models ${loaded.value.loadMs} ms in the worker)`);
const first = await timed(() => engine.verifyIdentity(photos[0] ?? { idFront: Buffer.alloc(0), selfie: Buffer.alloc(0), reference }));
console.log(`first verification ${Math.round(first.wallMs)} ms (${first.value.kind})`);

const verifications: { wallMs: number; cpuMs: number }[] = [];
const faces: { wallMs: number; cpuMs: number }[] = [];
const reads: { wallMs: number; cpuMs: number }[] = [];
let wrong = 0;
for (let i = 0; i < runs; i++) {
  const images = photos[i % photos.length];
  if (!images) continue;
  const verdict = await timed(() => engine.verifyIdentity(images));
  verifications.push(verdict);
  if (verdict.value.kind !== 'matched' || verdict.value.dateOfBirth !== '14/03/1990') {
    wrong += 1;
    console.log(`run ${i}: ${JSON.stringify({ ...verdict.value, selfieEmbedding: undefined })}`);
  }
  faces.push(await timed(() => engine.matchFaces(images)));
  reads.push(await timed(() => engine.readText(images.idFront)));
}
console.log(summary('verifyIdentity', verifications));
console.log(summary('matchFaces (no OCR)', faces));
console.log(summary('readText (OCR of the card alone)', reads));
console.log(`verdicts other than matched with 14/03/1990: ${wrong}; load average at end ${load()}`);
await engine.close();
