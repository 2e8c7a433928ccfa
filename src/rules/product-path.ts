// Apart from listing-query.ts: every product card (the store home's too) needs it, and a module the first load
// touches is taken whole into the entry's chunk (vite.config.ts, decision 034), listing code and all.

/** The product page a card opens: under a vendor filter, with that seller's offer chosen (vendor_loc_id). */
export function productCardPath(productId: number, vendorLocId?: number): string {
  return vendorLocId === undefined ? `/store/${productId}` : `/store/${productId}?vendor_loc_id=${vendorLocId}`;
}
