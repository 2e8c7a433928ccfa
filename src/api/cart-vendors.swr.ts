import useSWR from 'swr';
import { cartVendors, type CartVendor } from '../rules/listing-query.ts';

const none: CartVendor[] = [];

/**
 * The sellers the shopper's cart holds lines from, for the listing's vendor filter (spec 3: "a vendor filter is added
 * from the cart"). Asked only while the cart has items; the item count is in the key, so adding to the cart asks again.
 * A failed read leaves the filter without the cart's sellers rather than failing the listing.
 */
export function useCartVendors(cartId: string | undefined, itemCount: number | undefined): CartVendor[] {
  const { data } = useSWR(
    cartId && (itemCount ?? 0) > 0 ? ['cart-vendors', cartId, itemCount ?? 0] : null,
    async ([, id]: readonly [string, string, number]) => {
      const { showCart, cartRequest } = await import('./cart.api.ts');
      const reply = await showCart(cartRequest(id));
      return cartVendors(reply.data?.result ?? []);
    },
  );
  return data ?? none;
}
