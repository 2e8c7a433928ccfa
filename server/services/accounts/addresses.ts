import { sql, type Kysely, type Selectable } from 'kysely';
import type { ServerAddress } from '../../../src/api/contract/address.contract.ts';
import { addressRuleMessages, cityMatchesZip } from '../../../src/rules/address-validation.ts';
import { normalizePincode } from '../../../src/rules/pincode.ts';
import { stateCodeOf } from '../../../src/rules/us-states.ts';
import type { AddressesTable, AddressSnapshot, AddressType, Database } from '../../db/schema.ts';
import { placeOfZip } from '../platform/zip-directory.ts';
import { statementShape } from '../../db/statement-shapes.ts';

/**
 * A customer's saved addresses (guests with a token too). Every function takes the customer from the caller's
 * session and touches only that customer's rows; "not yours" and "no such address" are the same undefined.
 */
export interface AddressInput {
  firstName: string;
  lastName: string;
  street1: string;
  street2: string;
  city: string;
  /** A code or a name; stored as the code (the contract has checked it is a US state or territory). */
  state: string;
  zipcode: string;
  telephone: string;
  nickname: string;
  email?: string | undefined;
}

export type AddressRow = Selectable<AddressesTable>;

export type SaveOutcome = { kind: 'saved'; address: ServerAddress } | { kind: 'refused'; message: string } | { kind: 'not-found' };

export function toServerAddress(row: AddressRow): ServerAddress {
  return {
    address_id: row.id,
    address_nickname: row.nickname,
    name: `${row.first_name} ${row.last_name}`.trim(),
    firstname: row.first_name,
    lastname: row.last_name,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    country: row.country,
    zipcode: row.zipcode,
    telephone: row.telephone,
    default_address: row.is_default ? '1' : '0',
    address_type: row.address_type,
  };
}

/** What an order keeps of the address: the words on the parcel, not a link to a row that may change. */
export function addressSnapshot(
  row: Pick<AddressRow, 'first_name' | 'last_name' | 'street1' | 'street2' | 'city' | 'state' | 'zipcode' | 'country' | 'telephone'>,
): AddressSnapshot {
  return {
    name: `${row.first_name} ${row.last_name}`.trim(),
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    country: row.country,
    telephone: row.telephone,
  };
}

/** The spec's zip/city rule: a zip the lookup knows must name the typed city (case and spaces aside). */
async function zipCityRefusal(input: AddressInput): Promise<string | undefined> {
  const place = await placeOfZip(normalizePincode(input.zipcode));
  return cityMatchesZip(input.city, place?.city) ? undefined : addressRuleMessages.zipCityMismatch;
}

function columnsOf(input: AddressInput) {
  return {
    first_name: input.firstName.trim(),
    last_name: input.lastName.trim(),
    street1: input.street1.trim(),
    street2: input.street2.trim(),
    city: input.city.trim(),
    state: stateCodeOf(input.state) ?? input.state.trim().toUpperCase(),
    zipcode: normalizePincode(input.zipcode),
    telephone: input.telephone.trim(),
    nickname: input.nickname.trim(),
  };
}

/** Serialises a customer's address changes, so "first address is the default" holds with two saves at once. */
async function lockCustomer(trx: Kysely<Database>, customerId: number): Promise<void> {
  await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().executeTakeFirst();
}

export async function findOwnAddress(db: Kysely<Database>, customerId: number, addressId: number): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').selectAll().where('id', '=', addressId).where('customer_id', '=', customerId).executeTakeFirst();
}

/** The customer's addresses, the default shipping address first, then the newest. */
export async function listAddresses(db: Kysely<Database>, customerId: number, type?: AddressType): Promise<ServerAddress[]> {
  let query = db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId);
  if (type) query = query.where('address_type', '=', type);
  const rows = await query.orderBy('is_default', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toServerAddress);
}

type ShippingValues = { customer_id: number; email: string | null } & ReturnType<typeof columnsOf>;

/**
 * A shipping address saved as the default unless the customer has one (migration 005's one-default index), built once
 * (issue 27: a guest's checkout saves its address so).
 */
const firstDefaultShipping = statementShape<ShippingValues>()((db, value) =>
  db
    .insertInto('addresses')
    .values({
      customer_id: value('customer_id'),
      address_type: 'shipping',
      first_name: value('first_name'),
      last_name: value('last_name'),
      street1: value('street1'),
      street2: value('street2'),
      city: value('city'),
      state: value('state'),
      zipcode: value('zipcode'),
      telephone: value('telephone'),
      nickname: value('nickname'),
      email: value('email'),
      is_default: true,
    })
    .onConflict((oc) => oc.column('customer_id').where(oneDefaultShipping).doNothing())
    .returningAll(),
);

/**
 * Saves a new address. A customer's first shipping address becomes the default, and so does one sent with
 * default_address '1' (the previous default is cleared in the same transaction). A zip that names another city
 * saves nothing.
 */
export async function addAddress(
  db: Kysely<Database>,
  customerId: number,
  type: AddressType,
  input: AddressInput,
  makeDefault: boolean,
): Promise<SaveOutcome> {
  const refusal = await zipCityRefusal(input);
  if (refusal) return { kind: 'refused', message: refusal };
  const values = { customer_id: customerId, address_type: type, ...columnsOf(input), email: input.email?.trim() || null };
  // A plain (not default) address: every billing address, and a shipping one when the customer has a default.
  const savePlain = () =>
    db
      .insertInto('addresses')
      .values({ ...values, is_default: false })
      .returningAll()
      .executeTakeFirstOrThrow();
  if (type !== 'shipping') return { kind: 'saved', address: toServerAddress(await savePlain()) };
  if (!makeDefault) {
    // The default only when the customer has none, asked of the database's one-default index (migration 005): the
    // usual save (a shopper's first address, at checkout) is one statement with no lock or transaction, and two
    // saves at once still make one default, the other saved as a plain address.
    const asDefault = await firstDefaultShipping.first(db, values);
    return { kind: 'saved', address: toServerAddress(asDefault ?? (await savePlain())) };
  }
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    await lockCustomer(trx, customerId);
    // Made the default: the current one (if any) is cleared first, in one update.
    await trx
      .updateTable('addresses')
      .set({ is_default: false, updated_at: new Date() })
      .where('customer_id', '=', customerId)
      .where('address_type', '=', 'shipping')
      .where('is_default', '=', true)
      .execute();
    const row = await trx
      .insertInto('addresses')
      .values({ ...values, is_default: true })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'saved', address: toServerAddress(row) };
  });
}

/**
 * The partial unique index's predicate (migration 005's addresses_one_default_idx), written as literals: PostgreSQL infers the index of an
 * ON CONFLICT only from a predicate it can match as text, never from parameters.
 */
const oneDefaultShipping = sql<boolean>`is_default and address_type = 'shipping'`;

export async function updateAddress(db: Kysely<Database>, customerId: number, addressId: number, input: AddressInput): Promise<SaveOutcome> {
  const own = await findOwnAddress(db, customerId, addressId);
  if (!own) return { kind: 'not-found' };
  const refusal = await zipCityRefusal(input);
  if (refusal) return { kind: 'refused', message: refusal };
  const columns = columnsOf(input);
  const row = await db
    .updateTable('addresses')
    // The account edit form has no nickname field: an edit without one keeps the saved nickname.
    .set({ ...columns, nickname: columns.nickname === '' ? own.nickname : columns.nickname, updated_at: new Date() })
    .where('id', '=', addressId)
    .where('customer_id', '=', customerId)
    .returningAll()
    .executeTakeFirst();
  return row ? { kind: 'saved', address: toServerAddress(row) } : { kind: 'not-found' };
}

/** Deletes the address; when it was the default shipping address, the newest other shipping address takes over. */
export async function deleteAddress(db: Kysely<Database>, customerId: number, addressId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId);
    const deleted = await trx
      .deleteFrom('addresses')
      .where('id', '=', addressId)
      .where('customer_id', '=', customerId)
      .returning(['is_default', 'address_type'])
      .executeTakeFirst();
    if (!deleted) return false;
    if (deleted.is_default && deleted.address_type === 'shipping') {
      const next = await trx
        .selectFrom('addresses')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('address_type', '=', 'shipping')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (next) await trx.updateTable('addresses').set({ is_default: true, updated_at: new Date() }).where('id', '=', next.id).execute();
    }
    return true;
  });
}

/** Makes one of the customer's shipping addresses the default and clears the previous one. */
export async function setDefaultShippingAddress(db: Kysely<Database>, customerId: number, addressId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customerId);
    const target = await trx
      .selectFrom('addresses')
      .select('id')
      .where('id', '=', addressId)
      .where('customer_id', '=', customerId)
      .where('address_type', '=', 'shipping')
      .executeTakeFirst();
    if (!target) return false;
    await trx
      .updateTable('addresses')
      .set({ is_default: false, updated_at: new Date() })
      .where('customer_id', '=', customerId)
      .where('address_type', '=', 'shipping')
      .where('is_default', '=', true)
      .where('id', '<>', addressId)
      .execute();
    await trx.updateTable('addresses').set({ is_default: true, updated_at: new Date() }).where('id', '=', addressId).execute();
    return true;
  });
}
