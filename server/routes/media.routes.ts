import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'superstruct';
import { numericId } from '../../src/api/contract/fields.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { adPicture, bannerPicture, productPicture } from '../services/catalogue/media.ts';

const imageParams = object({ id: numericId('id'), file: string() });
const indexParams = object({ file: string() });

/** 'n.svg' → n (0-9); anything else is not an image we make. */
function imageIndex(file: string): number {
  const match = /^(\d)\.svg$/.exec(file);
  if (!match) throw notFound('Image not found');
  return Number(match[1]);
}

const svgHeaders = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400' };

/** Product, banner and ad pictures are drawn on the server (SVG): no remote image anywhere. */
export function mediaRoutes({ db }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/media/products/:id/:file', async (request, reply) => {
      const { id, file } = parseWith(imageParams, request.params);
      const svg = await productPicture(db, id, imageIndex(file));
      if (svg === undefined) throw notFound('Image not found');
      return reply.headers(svgHeaders).send(svg);
    });

    app.get('/media/banners/:file', async (request, reply) => {
      const { file } = parseWith(indexParams, request.params);
      return reply.headers(svgHeaders).send(bannerPicture(imageIndex(file)));
    });

    app.get('/media/ads/:file', async (request, reply) => {
      const { file } = parseWith(indexParams, request.params);
      const svg = await adPicture(db, imageIndex(file));
      if (svg === undefined) throw notFound('Image not found');
      return reply.headers(svgHeaders).send(svg);
    });
  };
}
