import useSWR from 'swr';
import type { AreaKey } from './home.api.ts';
import { getProduct } from './product.api.ts';

// The picture a product page arrived with, and the build's stand-in for it (the product page's first paint).
export { pageProductPictureFor } from './page-product-picture.ts';
export { prerenderedProductPicture } from './contract/product.contract.ts';

/** One product in the shopper's area, through SWR like every catalogue read. */
export function useProduct(productId: number | undefined, area: AreaKey | undefined) {
  return useSWR(
    productId !== undefined && area ? ['product', productId, area.zipcode, area.loc_id, area.courier_type ?? '', area.vendor_location_id ?? 0] : null,
    () => (productId !== undefined && area ? getProduct(productId, area) : Promise.reject(new Error('no product'))),
  );
}
