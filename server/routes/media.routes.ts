import type { FastifyPluginAsync } from 'fastify';
import { object, string } from 'superstruct';
import { numericId } from '../../src/api/contract/fields.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { adIllustration, bannerIllustration, productIllustration } from '../services/catalogue/illustrations.ts';

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
      const variant = imageIndex(file);
      const product = await db.selectFrom('products').select(['name', 'kind']).where('id', '=', id).executeTakeFirst();
      if (!product) throw notFound('Image not found');
      return reply.headers(svgHeaders).send(productIllustration({ name: product.name, kind: product.kind, variant }));
    });

    app.get('/media/banners/:file', async (request, reply) => {
      const { file } = parseWith(indexParams, request.params);
      return reply.headers(svgHeaders).send(bannerIllustration(imageIndex(file)));
    });

    app.get('/media/ads/:file', async (request, reply) => {
      const { file } = parseWith(indexParams, request.params);
      const index = imageIndex(file);
      const ad = await db.selectFrom('ads').select('text').where('image_url', '=', `/media/ads/${index}.svg`).executeTakeFirst();
      if (!ad) throw notFound('Image not found');
      return reply.headers(svgHeaders).send(adIllustration(index, ad.text));
    });
  };
}
