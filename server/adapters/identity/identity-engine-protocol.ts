/**
 * Messages between the local identity engine (request thread) and its worker thread. The worker does the heavy
 * work (decoding, face detection and embedding, OCR); the engine decides. Buffers are copied across, not shared.
 */

/** One face the detector found: its confidence, its size in pixels and its embedding (1024 numbers). */
export interface DetectedFace {
  score: number;
  size: number;
  embedding: number[];
}

export type EngineRequest =
  | { id: number; op: 'describe'; image: Uint8Array }
  | { id: number; op: 'similarity'; a: number[]; b: number[] }
  | { id: number; op: 'read'; image: Uint8Array }
  | { id: number; op: 'close' };

export type EngineResult = { faces: DetectedFace[] } | { similarity: number } | { text: string } | { closed: true };

export type EngineReply =
  | { id: number; ok: true; result: EngineResult }
  | { id: number; ok: false; error: string; unreadableImage: boolean }
  | { id: 0; ready: true; loadMs: number };
