import { is } from 'superstruct';
import { pageProductPicture, pageProductPictureElementId } from './contract/product.contract.ts';

let read: { picture: { id: number; url: string } | undefined } | undefined;

/**
 * The picture of the product this page arrived for (server/http/spa-shell.ts writes it into a product page), read
 * once and checked against the contract; only for that product, and none outside a browser or on other pages.
 */
export function pageProductPictureFor(productId: number | undefined): string | undefined {
  if (!read) {
    if (typeof document === 'undefined') return undefined;
    const text = document.getElementById(pageProductPictureElementId)?.textContent;
    let picture: { id: number; url: string } | undefined;
    try {
      const value: unknown = text ? JSON.parse(text) : undefined;
      picture = is(value, pageProductPicture) ? value : undefined;
    } catch {
      picture = undefined;
    }
    read = { picture };
  }
  return read.picture && read.picture.id === productId ? read.picture.url : undefined;
}
