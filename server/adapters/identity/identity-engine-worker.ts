/**
 * The identity engine's worker thread (started through identity-engine-worker.mjs): loads the face models
 * (@vladmandic/human on tfjs's WASM backend) and the OCR worker (tesseract.js with the bundled English data) once,
 * warms both, then answers describe / similarity / read requests one at a time, so that a verification keeps one core
 * busy and leaves the other to the request thread (decision 024). Nothing here touches the network or writes files:
 * models, WASM and language data are read from node_modules.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
// By path: the package's `exports` map has no entry for the WASM build, and its `node` build needs tfjs-node.
import { Human } from '../../../node_modules/@vladmandic/human/dist/human.node-wasm.js';
import type { DetectedFace, EngineReply, EngineRequest, EngineResult } from './identity-engine-protocol.ts';

/**
 * Images are letterboxed into a square of at most this side before detection. The face detector squeezes its input
 * into a square: two faces side by side in an 800×400 picture were found as one unclear face, or none, unpadded.
 * Faces on IDs and selfies stay well over 100 px at this size, and detection is faster than at full size.
 */
const detectionEdge = 1280;
/** Small text reads better when the card is at least this wide. */
const ocrMinWidth = 1200;
/**
 * A phone photo of a card (4000 px and more) is scaled down to this width for OCR: the card's type stays far larger
 * than tesseract needs, and recognition time grows with the pixels (decision 024).
 */
const ocrMaxWidth = 2000;
/** Refuses decompression bombs even if a caller skipped the upload checks. */
const maxInputPixels = 40_000_000;

const port = parentPort;
if (!port) throw new Error('identity-engine-worker runs only as a worker thread');

// One libvips thread per image: decoding here must not take the request thread's core. (libvips is process-wide,
// so the uploads' re-encoding on the request side also runs one thread per image; each is a single photo.)
sharp.concurrency(1);

// Node's fetch (undici) cannot read file: URLs, and human and the WASM backend load their files through fetch.
// Anything else is refused: the engine works offline by design.
globalThis.fetch = async (input: string | URL | Request): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith('file:')) throw new Error(`identity engine: refusing to fetch ${url} (offline engine)`);
  const body = await readFile(fileURLToPath(url));
  const type = url.endsWith('.json') ? 'application/json' : url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
  return new Response(body, { status: 200, headers: { 'content-type': type } });
};

const humanModels = new URL('../models/', import.meta.resolve('@vladmandic/human'));
const wasmFiles = new URL('./', import.meta.resolve('@tensorflow/tfjs-backend-wasm'));
const englishData = fileURLToPath(new URL('./4.0.0_best_int', import.meta.resolve('@tesseract.js-data/eng')));

const human = new Human({
  backend: 'wasm',
  wasmPath: wasmFiles.href,
  modelBasePath: humanModels.href,
  debug: false,
  async: false,
  warmup: 'none',
  cacheModels: false,
  face: {
    enabled: true,
    // maxDetected above 1 so that a second face is seen (and refused), not silently dropped.
    detector: { rotation: true, maxDetected: 5, minConfidence: 0.5, return: false },
    mesh: { enabled: true },
    iris: { enabled: false },
    description: { enabled: true },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
  filter: { enabled: false },
});

class UnreadableImage extends Error {}

async function decodeForDetection(image: Uint8Array) {
  try {
    const { width = 0, height = 0 } = await sharp(image, { limitInputPixels: maxInputPixels }).metadata();
    const side = Math.min(detectionEdge, Math.max(width, height));
    const { data, info } = await sharp(image, { limitInputPixels: maxInputPixels })
      .rotate()
      .resize({ width: side, height: side, fit: 'contain', background: '#808080' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (error) {
    throw new UnreadableImage(error instanceof Error ? error.message : String(error));
  }
}

async function describe(image: Uint8Array): Promise<{ faces: DetectedFace[] }> {
  const { pixels, width, height } = await decodeForDetection(image);
  const input = human.tf.tensor4d(pixels, [1, height, width, 3], 'int32');
  try {
    const result = await human.detect(input);
    const faces = result.face.map((face) => ({
      score: face.score,
      size: Math.max(face.box[2], face.box[3]),
      embedding: Array.from(face.embedding ?? []),
    }));
    return { faces };
  } finally {
    human.tf.dispose(input);
  }
}

/**
 * The card in grey, between ocrMinWidth and ocrMaxWidth wide, as a binary PGM: tesseract reads it as it stands, where
 * a PNG costs an encoding here and a decoding in tesseract's thread for the same pixels.
 */
async function forOcr(image: Uint8Array): Promise<Buffer> {
  try {
    const picture = sharp(image, { limitInputPixels: maxInputPixels }).rotate();
    const { width = 0, height = 0, orientation = 1 } = await picture.metadata();
    const upright = orientation >= 5 ? height : width; // EXIF 5-8 turn the picture a quarter
    const target = Math.min(ocrMaxWidth, Math.max(ocrMinWidth, upright));
    const { data, info } = await picture
      .resize(target === upright ? {} : { width: target })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]);
  } catch (error) {
    throw new UnreadableImage(error instanceof Error ? error.message : String(error));
  }
}

async function read(image: Uint8Array): Promise<{ text: string }> {
  const { data } = await ocr.recognize(await forOcr(image));
  return { text: data.text };
}

/**
 * Runs every model once, so that the first shopper does not pay for setting them up (a cold verification took twice a
 * warm one): a face from a photo that ships with human (detector, mesh and description all run only when a face is
 * found, which a blank image never gives), and a line of text rendered by sharp for tesseract.
 */
async function warmUp(): Promise<void> {
  const samples = fileURLToPath(new URL('../assets/samples.jpg', import.meta.resolve('@vladmandic/human')));
  // The first thumbnail of that strip with one face in it (a woman at a table).
  const face = await sharp(samples).extract({ left: 164, top: 0, width: 156, height: 156 }).jpeg().toBuffer();
  await describe(face);
  const line = await sharp({ text: { text: 'DOB 01/01/1990', dpi: 300 } })
    .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#000000' })
    .negate({ alpha: false }) // sharp draws white text on black
    .png()
    .toBuffer();
  await read(line);
}

const started = performance.now();
const [ocr] = await Promise.all([createWorker('eng', OEM.LSTM_ONLY, { langPath: englishData, gzip: true, cacheMethod: 'none' }), human.load()]);
await human.tf.ready();
await warmUp();

/**
 * Everything heavy runs one request at a time, the OCR included (it has its own thread, but running it beside the
 * face models made a verification take both cores): one core for the engine, the other for the request thread.
 */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

async function handle(request: EngineRequest): Promise<EngineResult> {
  switch (request.op) {
    case 'describe':
      return inTurn(() => describe(request.image));
    case 'similarity':
      return { similarity: human.match.similarity(request.a, request.b) };
    case 'read':
      return inTurn(() => read(request.image));
    case 'close':
      // In turn: after the work already asked for. Ending the thread while sharp still decodes on libuv's pool frees
      // what that decoding writes to, and the whole process dies of heap corruption (sharp issue 2263; a CI run's
      // test:unit aborted so). Once this answers, nothing native runs here and the thread can be ended safely.
      return inTurn(async () => {
        await ocr.terminate();
        return { closed: true };
      });
  }
}

port.on('message', (request: EngineRequest) => {
  handle(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies EngineReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        unreadableImage: error instanceof UnreadableImage,
      } satisfies EngineReply),
  );
});
port.postMessage({ id: 0, ready: true, loadMs: Math.round(performance.now() - started) } satisfies EngineReply);
