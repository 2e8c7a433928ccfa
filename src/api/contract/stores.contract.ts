import { array, boolean, number, object, optional, string, type, type Infer } from 'superstruct';
import { envelope } from './envelope.ts';
import { blankIsMissing, storeField, zipcodeField } from './fields.ts';

/** GET /connect/index/stores?zipcode=: the sample stores of the store carousel and map, those serving the zip marked. */
export const storesQuery = object({ ...storeField, zipcode: blankIsMissing(optional(zipcodeField)) });
export type StoresQuery = Infer<typeof storesQuery>;

export const sampleStore = type({
  loc_id: number(),
  name: string(),
  /** 'Butcher', 'Fishmonger', 'Courier' or 'Farm'. */
  kind: string(),
  street1: string(),
  city: string(),
  state: string(),
  zipcode: string(),
  telephone: string(),
  latitude: number(),
  longitude: number(),
  /** Delivers to the zip asked about (false without one). */
  serves_zip: boolean(),
});
export type SampleStore = Infer<typeof sampleStore>;

export const storesReply = envelope(type({ stores: array(sampleStore) }));
export type StoresReply = Infer<typeof storesReply>;
