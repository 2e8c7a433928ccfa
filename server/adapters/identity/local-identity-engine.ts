/**
 * The local identity engine: the default identity adapter, offline. A worker thread (identity-engine-worker.ts)
 * holds the face models and the OCR worker, loaded once; this side, on the request thread, only sends images and
 * decides. Threshold and limits: docs/decisions/013-identity-engine.md.
 */
import { Worker } from 'node:worker_threads';
import { readIdCard } from './id-card-text.ts';
import type { DetectedFace, EngineReply, EngineRequest, EngineResult } from './identity-engine-protocol.ts';
import {
  identityMessages,
  type FaceComparison,
  type FaceMatch,
  type IdentityImages,
  type IdentityRefusal,
  type IdentityVerdict,
  type IdentityVerifier,
} from './identity-port.ts';

/** Similarity (0..1, human.match.similarity) at or above which two faces are the same person. Measured: decision 013. */
export const faceMatchThreshold = 0.6;
/** Detector confidence below which a face is refused as unclear (clear faces score 1.00; a face looking down, 0.80). */
export const minimumFaceScore = 0.9;
/** A cold first OCR pass on a busy machine takes a few seconds; far beyond that, the worker is stuck. */
const requestTimeoutMs = 30_000;

export interface LocalIdentityEngineOptions {
  matchThreshold?: number;
}

export interface LocalIdentityEngine extends IdentityVerifier {
  /** Resolves once the models are loaded and warmed up (requests sent before simply wait). */
  ready(): Promise<{ loadMs: number }>;
  /** The faces on one image, with their embeddings: for measurements (bench) and the threshold's decision record. */
  describeFaces(image: Buffer): Promise<DetectedFace[]>;
  similarity(a: number[], b: number[]): Promise<number>;
  /** The text OCR reads on an image (an ID card's front): for measurements (bench). */
  readText(image: Buffer): Promise<string>;
}

/** The image could not be decoded: a refusal for the shopper, not an engine failure. */
class UnreadableImageError extends Error {}

interface Pending {
  resolve(result: EngineResult): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

function isEngineReply(value: unknown): value is EngineReply {
  return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'number';
}

/** Starts the worker now (models load in the background); answers once they are loaded. */
export function startLocalIdentityEngine(options: LocalIdentityEngineOptions = {}): LocalIdentityEngine {
  const threshold = options.matchThreshold ?? faceMatchThreshold;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;
  let resolveReady: (value: { loadMs: number }) => void = () => undefined;
  let rejectReady: (error: Error) => void = () => undefined;
  const ready = new Promise<{ loadMs: number }>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => undefined); // reported to whoever awaits ready() or sends a request

  const worker = new Worker(new URL('./identity-engine-worker.mjs', import.meta.url));

  /** Set once the worker has died: every later call rejects with it at once instead of waiting for a timeout. */
  let failure: Error | null = null;

  function failAll(error: Error) {
    failure ??= error;
    rejectReady(error);
    for (const [id, request] of pending) {
      clearTimeout(request.timer);
      request.reject(error);
      pending.delete(id);
    }
  }

  worker.on('message', (message: unknown) => {
    if (!isEngineReply(message)) return;
    if ('ready' in message) return resolveReady({ loadMs: message.loadMs });
    const request = pending.get(message.id);
    if (!request) return;
    pending.delete(message.id);
    clearTimeout(request.timer);
    if (message.ok) request.resolve(message.result);
    else request.reject(message.unreadableImage ? new UnreadableImageError(message.error) : new Error(`identity engine: ${message.error}`));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`identity engine: worker exited (${code})`)));

  type Payload = EngineRequest extends infer R ? (R extends EngineRequest ? Omit<R, 'id'> : never) : never;
  /** `closing`: the close request itself; nothing is sent after it. */
  let ended = false;
  async function send(payload: Payload, closing = false): Promise<EngineResult> {
    if (ended) throw new Error('identity engine: closed');
    if (closing) ended = true;
    if (failure) throw failure;
    await ready;
    const id = nextId++;
    return new Promise<EngineResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`identity engine: no answer to ${payload.op} in ${requestTimeoutMs} ms`));
      }, requestTimeoutMs);
      pending.set(id, { resolve, reject, timer });
      worker.postMessage({ ...payload, id });
    });
  }

  async function describeFaces(image: Buffer): Promise<DetectedFace[]> {
    const result = await send({ op: 'describe', image });
    if (!('faces' in result)) throw new Error('identity engine: describe answered without faces');
    return result.faces;
  }

  async function similarity(a: number[], b: number[]): Promise<number> {
    const result = await send({ op: 'similarity', a, b });
    if (!('similarity' in result)) throw new Error('identity engine: similarity answered without a number');
    return result.similarity;
  }

  async function readText(image: Buffer): Promise<string> {
    const result = await send({ op: 'read', image });
    if (!('text' in result)) throw new Error('identity engine: read answered without text');
    return result.text;
  }

  function refuse(reason: IdentityRefusal) {
    return { kind: 'refused', reason, message: identityMessages.refusals[reason] } as const;
  }

  /** Exactly one clear face, or why not. */
  function theFace(faces: DetectedFace[], on: 'id' | 'selfie'): DetectedFace | IdentityRefusal {
    const [face, ...others] = faces;
    if (!face) return on === 'id' ? 'no-face-on-id' : 'no-face-in-selfie';
    if (others.length > 0) return on === 'id' ? 'faces-on-id' : 'faces-in-selfie';
    if (face.score < minimumFaceScore || face.embedding.length === 0) return 'unclear-face';
    return face;
  }

  /**
   * Both images' faces compared, then (readCard) the first image's text: a refusal when either has not exactly one
   * clear face. In sequence, not at once: the worker runs one piece at a time anyway (one core, decision 024), and
   * a refusal or a mismatch then costs no OCR.
   */
  async function compare(first: Buffer, second: Buffer, firstIs: 'id' | 'selfie', mismatchMessage: string, readCard: boolean) {
    try {
      const a = theFace(await describeFaces(first), firstIs);
      if (typeof a === 'string') return refuse(a);
      const b = theFace(await describeFaces(second), 'selfie');
      if (typeof b === 'string') return refuse(b);
      const score = await similarity(a.embedding, b.embedding);
      const faceMatchPercent = Math.round(score * 100);
      if (score < threshold) return { kind: 'mismatch', faceMatchPercent, message: mismatchMessage } as const;
      const text = readCard ? await readText(first) : '';
      return { kind: 'matched', faceMatchPercent, text, secondEmbedding: b.embedding } as const;
    } catch (error) {
      if (error instanceof UnreadableImageError) return refuse('unreadable-image');
      throw error;
    }
  }

  const work = {
    async verifyIdentity({ idFront, selfie }: IdentityImages): Promise<IdentityVerdict> {
      const outcome = await compare(idFront, selfie, 'id', identityMessages.kycMismatch, true);
      if (outcome.kind !== 'matched') return outcome;
      const card = readIdCard(outcome.text);
      if (!card.dateOfBirth) return refuse('unreadable-date');
      return {
        kind: 'matched',
        faceMatchPercent: outcome.faceMatchPercent,
        dateOfBirth: card.dateOfBirth,
        documentNumber: card.documentNumber,
        selfieEmbedding: outcome.secondEmbedding,
      };
    },

    async matchFaces({ idFront, selfie }: Omit<IdentityImages, 'reference'>): Promise<FaceMatch> {
      const outcome = await compare(idFront, selfie, 'id', identityMessages.kycMismatch, false);
      if (outcome.kind !== 'matched') return outcome;
      return { kind: 'matched', faceMatchPercent: outcome.faceMatchPercent, selfieEmbedding: outcome.secondEmbedding };
    },

    async compareFaces(verified: Buffer, fresh: Buffer): Promise<FaceComparison> {
      const outcome = await compare(verified, fresh, 'selfie', identityMessages.orderMismatch, false);
      if (outcome.kind !== 'matched') return outcome;
      return { kind: 'matched', faceMatchPercent: outcome.faceMatchPercent };
    },

    async compareWithEmbedding(verified: readonly number[], fresh: Buffer): Promise<FaceComparison> {
      // A kept embedding that is not one (empty, or another model's length) is an engine fault, not the shopper's.
      if (verified.length === 0) throw new Error('identity engine: no verified embedding to compare with');
      try {
        const face = theFace(await describeFaces(fresh), 'selfie');
        if (typeof face === 'string') return refuse(face);
        if (face.embedding.length !== verified.length) throw new Error('identity engine: embeddings of different lengths');
        const score = await similarity([...verified], face.embedding);
        const faceMatchPercent = Math.round(score * 100);
        if (score < threshold) return { kind: 'mismatch', faceMatchPercent, message: identityMessages.orderMismatch };
        return { kind: 'matched', faceMatchPercent };
      } catch (error) {
        if (error instanceof UnreadableImageError) return refuse('unreadable-image');
        throw error;
      }
    },
  };

  /** The calls begun and not yet answered: close waits for them (a verification is several requests in a row). */
  const running = new Set<Promise<unknown>>();
  function during<T>(call: () => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new Error('identity engine: closed'));
    const answer = call();
    running.add(answer);
    void answer.then(
      () => running.delete(answer),
      () => running.delete(answer),
    );
    return answer;
  }

  return {
    ready: () => ready,
    describeFaces: (image) => during(() => describeFaces(image)),
    similarity: (a, b) => during(() => similarity(a, b)),
    readText: (image) => during(() => readText(image)),
    verifyIdentity: (images) => during(() => work.verifyIdentity(images)),
    matchFaces: (images) => during(() => work.matchFaces(images)),
    compareFaces: (verified, fresh) => during(() => work.compareFaces(verified, fresh)),
    compareWithEmbedding: (verified, fresh) => during(() => work.compareWithEmbedding(verified, fresh)),

    async close() {
      if (closed) return;
      closed = true; // new calls are refused from here; the ones begun are answered
      await Promise.allSettled(running);
      try {
        // The worker answers after the work already queued (a request that timed out here may still be running
        // there), with tesseract's thread ended: only then is ending its thread safe for sharp (the worker explains).
        await send({ op: 'close' }, true);
      } catch {
        // already gone, or stuck past the request timeout: ended all the same
      }
      await worker.terminate();
    },
  };
}
