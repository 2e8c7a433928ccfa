import { createContext } from 'react';
import { pageProductPictureFor } from '../../../api/product.swr.ts';

/**
 * What the product page draws before its call answers. In the browser: the product's picture the page arrived with.
 * At build time (src/views/prerender-shells.tsx): a placeholder picture the server fills in, drawn without an area.
 */
export interface ProductPageShell {
  prerendering: boolean;
  picture: (productId: number | undefined) => string | undefined;
}

export const ProductPageShellContext = createContext<ProductPageShell>({ prerendering: false, picture: pageProductPictureFor });
