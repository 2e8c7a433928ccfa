import { fromPromise } from 'xstate';
import type { ZipLookupReply } from '../../api/contract/location.contract.ts';
import { getAddressByZipcode } from '../../api/location.api.ts';
import { cityMatchesZip } from '../../rules/address-validation.ts';

/**
 * The address forms' zip rule (spec section 5, "Address rules"): typing a 5-digit zip fills city and state from the
 * zip lookup, and an address whose city is not its zip's is refused. One rule for every form that has it: the
 * checkout's shipping form (address-form.machine.ts) and Add New Card's billing address (cards/add-card.machine.ts).
 */

/** City and state of the last 5-digit zip looked up. */
export interface ZipLookup {
  zip: string;
  city: string | undefined;
  state: string | undefined;
}

/** The values a zip fills: any form's zip, city and state. */
export interface ZipFilled {
  zip: string;
  city: string;
  state: string;
}

export function isFiveDigits(zip: string): boolean {
  return /^\d{5}$/.test(zip.trim());
}

/** The lookup call as an actor: both machines invoke it under the id and src 'lookupZip'. */
export const lookupZipActor = fromPromise<ZipLookupReply, { zip: string }>(({ input }) => getAddressByZipcode(input.zip));

export function zipLookupOf(reply: ZipLookupReply): ZipLookup {
  const entry = reply.data?.[0];
  return { zip: entry?.zipcode ?? '', city: entry?.city, state: entry?.state };
}

/** Only an answer for the zip still on screen fills the fields; the shopper may correct them afterwards. */
export function fillFromZip<V extends ZipFilled>(values: V, lookup: ZipLookup): V {
  if (lookup.zip !== values.zip.trim()) return values;
  return { ...values, city: lookup.city ?? values.city, state: lookup.state ?? values.state };
}

/** The zip on screen was looked up and the city typed is not its city. */
export function isZipCityMismatch(values: ZipFilled, lookup: ZipLookup | undefined): boolean {
  return lookup !== undefined && lookup.zip === values.zip.trim() && !cityMatchesZip(values.city, lookup.city);
}
