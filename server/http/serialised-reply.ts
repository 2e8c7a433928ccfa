import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { SerialisedJson } from '../services/platform/serialised-json.ts';
import { strongEtag } from './caching.ts';
import { compressionOptions, compressMinBytes } from './compression.ts';

const compressors = {
  br: (body: string) => brotliCompressSync(body, compressionOptions.brotliOptions),
  gzip: (body: string) => gzipSync(body),
} as const;

/**
 * What @fastify/compress would send for this Accept-Encoding (compression.ts: brotli preferred, then gzip; nothing
 * under compressMinBytes), for the plain lists browsers send ('gzip, deflate, br, zstd'). 'negotiate' for anything
 * with weights or wildcards: then the plugin chooses and compresses as for any reply.
 */
function encodingFor(request: FastifyRequest, bodyBytes: number): keyof typeof compressors | 'none' | 'negotiate' {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined || bodyBytes < compressMinBytes) return 'none';
  const tokens = header
    .toLowerCase()
    .split(',')
    .map((token) => token.trim());
  if (tokens.some((token) => /[;*]|x-gzip/u.test(token))) return 'negotiate';
  if (tokens.includes('br')) return 'br';
  return tokens.includes('gzip') ? 'gzip' : 'none';
}

/**
 * Sends `json` as the route's reply: the bytes the app's own pipeline would send for the same value (the same
 * JSON.stringify, the same ETag — caching.ts takes the one set here instead of hashing again — and the same encoding
 * with the same settings), but serialised, tagged and compressed once. A body already encoded is left alone by
 * @fastify/compress.
 */
export function sendSerialised(request: FastifyRequest, reply: FastifyReply, json: SerialisedJson): FastifyReply {
  reply.type('application/json; charset=utf-8');
  reply.header('etag', json.tag(strongEtag));
  const encoding = encodingFor(request, Buffer.byteLength(json.body, 'utf8'));
  if (encoding === 'none' || encoding === 'negotiate') return reply.send(json.body);
  reply.header('content-encoding', encoding);
  reply.header('vary', 'accept-encoding');
  return reply.send(json.encoded(encoding, compressors[encoding]));
}
