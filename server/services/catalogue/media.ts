import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { adIllustration, bannerIllustration, productIllustration } from './illustrations.ts';

/**
 * The catalogue's pictures, drawn on request (SVG): no remote image anywhere. index is the picture's number, 0-9;
 * undefined when there is no such product or ad.
 */
export async function productPicture(db: Kysely<Database>, productId: number, index: number): Promise<string | undefined> {
  const product = await db.selectFrom('products').select(['name', 'kind']).where('id', '=', productId).executeTakeFirst();
  return product ? productIllustration({ name: product.name, kind: product.kind, variant: index }) : undefined;
}

export function bannerPicture(index: number): string {
  return bannerIllustration(index);
}

export async function adPicture(db: Kysely<Database>, index: number): Promise<string | undefined> {
  const ad = await db.selectFrom('ads').select('text').where('image_url', '=', `/media/ads/${index}.svg`).executeTakeFirst();
  return ad ? adIllustration(index, ad.text) : undefined;
}
