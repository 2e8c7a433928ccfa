import { productReply, type ProductReply } from './contract/product.contract.ts';
import type { AreaKey } from './home.api.ts';
import { call } from './http.ts';

export function getProduct(productId: number, area: AreaKey): Promise<ProductReply> {
  return call('/connect/index/product', productReply, {
    query: {
      prodid: productId,
      loc_id: area.loc_id,
      zipCode: area.zipcode,
      courier_type: area.courier_type,
      vendor_location_id: area.vendor_location_id,
    },
  });
}
