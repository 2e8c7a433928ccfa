import type { FastifyCompressOptions } from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';

/** Replies smaller than this go out as they are: compressing them saves less than it costs. */
export const compressMinBytes = 1024;

/**
 * API replies compressed on the fly: brotli or gzip as the browser's Accept-Encoding asks (brotli preferred), with
 * `Vary: Accept-Encoding`. Only text types (JSON, HTML, SVG …): pictures (JPEG, PNG, WebP) are compressed already.
 * Brotli at quality 4: as small as gzip -9 for JSON at a fraction of quality 11's time. The built assets are not
 * compressed here: the build wrote .br/.gz files beside them, which @fastify/static sends (`preCompressed`), and a reply
 * that already has a Content-Encoding is left alone. Registered before any route: it hooks each route as it is added.
 */
export const compressionOptions: FastifyCompressOptions = {
  global: true,
  encodings: ['br', 'gzip'],
  threshold: compressMinBytes,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
};
