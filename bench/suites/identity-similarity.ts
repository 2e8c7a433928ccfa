/**
 * Face similarity measurements behind the match threshold (docs/decisions/013-identity-engine.md):
 * `npx tsx bench/suites/identity-similarity.ts`. Prints Markdown tables; writes nothing.
 *
 * The 22 faces of @vladmandic/face-api's six demo photos (group photos of different people), each cut out as a square
 * 1.5 times the detector's box (the regions below were found by the engine's own detector). Same face: each crop
 * against itself changed the ways an ID photo differs from a selfie (resized, cropped tighter, brightened,
 * re-encoded at low quality, mirrored, grey, pasted on a rendered ID card). Different people: all pairs of crops.
 * Also times the engine's load, a cold and warm face comparison, and the process's memory.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import { faceMatchThreshold, startLocalIdentityEngine } from '../../server/adapters/identity/local-identity-engine.ts';

const regions: [name: string, sample: number, left: number, top: number, size: number][] = [
  ['s1f1', 1, 245, 228, 528],
  ['s1f2', 1, 693, 301, 491],
  ['s1f3', 1, 1363, 118, 419],
  ['s2f1', 2, 190, 42, 492],
  ['s2f2', 2, 713, 103, 531],
  ['s2f3', 2, 1292, 18, 522],
  ['s3f1', 3, 425, 205, 542],
  ['s3f2', 3, 905, 97, 551],
  ['s3f3', 3, 1257, 149, 614],
  ['s4f1', 4, 101, 110, 453],
  ['s4f2', 4, 544, 0, 417],
  ['s4f3', 4, 833, 72, 497],
  ['s4f4', 4, 1140, 58, 458],
  ['s5f1', 5, 181, 757, 557],
  ['s5f2', 5, 438, 333, 464],
  ['s5f3', 5, 655, 24, 410],
  ['s5f4', 5, 968, 91, 479],
  ['s5f5', 5, 1222, 256, 593],
  ['s6f1', 6, 86, 366, 542],
  ['s6f2', 6, 488, 208, 576],
  ['s6f3', 6, 988, 188, 554],
  ['s6f4', 6, 1308, 142, 566],
];

const demo = new URL('../../node_modules/@vladmandic/face-api/demo/', import.meta.url);

async function onCard(face: Buffer): Promise<Buffer> {
  const canvas = createCanvas(1000, 630);
  const context = canvas.getContext('2d');
  context.fillStyle = '#f4efe4';
  context.fillRect(0, 0, 1000, 630);
  context.drawImage(await loadImage(await sharp(face).resize(300, 300).jpeg().toBuffer()), 40, 150, 300, 300);
  context.fillStyle = '#111111';
  context.font = 'bold 40px sans-serif';
  context.fillText('DOB 14/03/1990', 380, 280);
  return canvas.encode('jpeg', 88);
}

const variants: Record<string, (face: Buffer) => Promise<Buffer>> = {
  resized: (face) => sharp(face).resize({ width: 200 }).jpeg().toBuffer(),
  cropped: async (face) => {
    const { width = 0 } = await sharp(face).metadata();
    const margin = Math.round(width * 0.12);
    return sharp(face)
      .extract({ left: margin, top: margin, width: width - 2 * margin, height: width - 2 * margin })
      .jpeg()
      .toBuffer();
  },
  brightened: (face) => sharp(face).modulate({ brightness: 1.35 }).linear(1.1, 0).jpeg().toBuffer(),
  reencoded: (face) => sharp(face).jpeg({ quality: 25 }).toBuffer(),
  mirrored: (face) => sharp(face).flop().jpeg().toBuffer(),
  grey: (face) => sharp(face).greyscale().jpeg().toBuffer(),
  onCard,
};

const started = performance.now();
const engine = startLocalIdentityEngine();
const { loadMs } = await engine.ready();
console.log(`engine ready in ${Math.round(performance.now() - started)} ms (models ${loadMs} ms in the worker)\n`);

const faces: { name: string; crop: Buffer; score: number; embedding: number[] }[] = [];
for (const [name, sample, left, top, size] of regions) {
  const photo = await readFile(fileURLToPath(new URL(`sample${sample}.jpg`, demo)));
  const crop = await sharp(photo).extract({ left, top, width: size, height: size }).jpeg({ quality: 92 }).toBuffer();
  const found = await engine.describeFaces(crop);
  if (found.length !== 1 || !found[0]) throw new Error(`${name}: ${found.length} faces in its crop`);
  faces.push({ name, crop, score: found[0].score, embedding: found[0].embedding });
}

/** The best match of a changed face against the original, or why there is none. */
async function sameFace(face: (typeof faces)[number], changed: Buffer): Promise<string> {
  const found = await engine.describeFaces(changed);
  if (found.length !== 1 || !found[0]) return `${found.length} faces`;
  const similarity = await engine.similarity(face.embedding, found[0].embedding);
  return found[0].score < 0.9 ? `${similarity.toFixed(2)} (score ${found[0].score.toFixed(2)})` : similarity.toFixed(2);
}

console.log(`| face | score | ${Object.keys(variants).join(' | ')} |`);
console.log(
  `|---|---|${Object.keys(variants)
    .map(() => '---|')
    .join('')}`,
);
for (const face of faces) {
  const cells: string[] = [];
  for (const change of Object.values(variants)) cells.push(await sameFace(face, await change(face.crop)));
  console.log(`| ${face.name} | ${face.score.toFixed(2)} | ${cells.join(' | ')} |`);
}

const pairs: { names: string; similarity: number; clear: boolean }[] = [];
for (const [i, a] of faces.entries()) {
  for (const b of faces.slice(i + 1)) {
    pairs.push({
      names: `${a.name}–${b.name}`,
      similarity: await engine.similarity(a.embedding, b.embedding),
      clear: a.score >= 0.9 && b.score >= 0.9,
    });
  }
}
pairs.sort((a, b) => b.similarity - a.similarity);
const clear = pairs.filter((pair) => pair.clear).map((pair) => pair.similarity);
const all = pairs.map((pair) => pair.similarity);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
console.log(`\nDifferent people: ${pairs.length} pairs (${clear.length} between clear faces, detector score ≥ 0.9)`);
console.log(
  `all: max ${Math.max(...all).toFixed(2)}, mean ${mean(all).toFixed(2)}; clear only: max ${Math.max(...clear).toFixed(2)}, mean ${mean(clear).toFixed(2)}`,
);
console.log(
  `highest: ${pairs
    .slice(0, 8)
    .map((pair) => `${pair.names} ${pair.similarity.toFixed(2)}${pair.clear ? '' : ' (unclear face)'}`)
    .join(', ')}`,
);
const buckets = new Map<string, number>();
for (const value of all) {
  const bucket = (Math.floor(value * 10) / 10).toFixed(1);
  buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
}
console.log(`| similarity | ${[...buckets.keys()].sort().join(' | ')} |`);
console.log(
  `| pairs | ${[...buckets.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, count]) => count)
    .join(' | ')} |`,
);
console.log(`at or above the threshold ${faceMatchThreshold}: ${clear.filter((value) => value >= faceMatchThreshold).length} clear pairs`);

const [first, second] = faces;
if (first && second) {
  for (const label of ['comparison 1', 'comparison 2', 'comparison 3']) {
    const begun = performance.now();
    await engine.compareFaces(first.crop, second.crop);
    console.log(`${label}: ${Math.round(performance.now() - begun)} ms`);
  }
}
const { rss, heapUsed } = process.memoryUsage();
console.log(`memory: rss ${Math.round(rss / 1e6)} MB, heap ${Math.round(heapUsed / 1e6)} MB (this thread)`);
await engine.close();
