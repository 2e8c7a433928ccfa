import { storesReply, type StoresReply } from './contract/stores.contract.ts';
import { call } from './http.ts';

/** GET /connect/index/stores: the sample stores, those delivering to the zip marked. */
export function getStores(zipcode: string | undefined): Promise<StoresReply> {
  return call('/connect/index/stores', storesReply, { query: { zipcode } });
}
