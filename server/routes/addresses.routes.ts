import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  addAddressBody,
  addAddressQuery,
  deleteAddressBody,
  getAddressesQuery,
  setDefaultAddressBody,
  updateAddressBody,
  type AddAddressReply,
  type AddressMessageReply,
  type GetAddressesReply,
  type SetDefaultAddressReply,
  type UpdateAddressReply,
} from '../../src/api/contract/address.contract.ts';
import type { AppDeps } from '../deps.ts';
import { requireCaller } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { addAddress, deleteAddress, listAddresses, setDefaultShippingAddress, updateAddress } from '../services/accounts/addresses.ts';

export const addressNotFoundMessage = 'Address not found';

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

/** A customer id named in the request must be the caller's: anything else is answered as if it did not exist. */
function requireOwnCustomerId(given: number | undefined, callerId: number): void {
  if (given !== undefined && given !== callerId) throw notFound('Customer not found');
}

export function addressRoutes({ db }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    /** The spec leaves the method open and one client call is a GET: both are served, the query winning over the body. */
    const getAddresses = async (request: FastifyRequest): Promise<GetAddressesReply> => {
      const input = parseWith(getAddressesQuery, { ...objectOrEmpty(request.body), ...objectOrEmpty(request.query) });
      const caller = await requireCaller(request, db);
      requireOwnCustomerId(input.customerid, caller.customerId);
      return { code: 1, data: await listAddresses(db, caller.customerId, input.address_type) };
    };
    app.get('/connect/customer/getaddresses', getAddresses);
    app.post('/connect/customer/getaddresses', getAddresses);

    /** Shipping (?customerid=) and billing (no query) addresses. */
    app.post('/connect/customer/addaddress', async (request): Promise<AddAddressReply> => {
      const query = parseWith(addAddressQuery, request.query);
      const body = parseWith(addAddressBody, request.body);
      const caller = await requireCaller(request, db);
      requireOwnCustomerId(query.customerid ?? body.customerid, caller.customerId);
      const type = body.address_type ?? 'shipping';
      const outcome = await addAddress(
        db,
        caller.customerId,
        type,
        {
          firstName: body.first_name,
          lastName: body.last_name,
          street1: body.street1,
          street2: body.street2 ?? '',
          city: body.city,
          state: body.state,
          zipcode: body.zipcode,
          telephone: body.telephone,
          nickname: body.nickname || (type === 'billing' ? 'Billing' : ''),
          email: body.email,
        },
        body.default_address === '1',
      );
      if (outcome.kind === 'refused') return { code: -1, message: outcome.message };
      if (outcome.kind === 'not-found') throw notFound(addressNotFoundMessage);
      return { code: 1, message: 'Address saved.', address_id: outcome.address.address_id, data: outcome.address };
    });

    app.post('/connect/customer/updateAddress', async (request): Promise<UpdateAddressReply> => {
      const body = parseWith(updateAddressBody, request.body);
      const caller = await requireCaller(request, db);
      const outcome = await updateAddress(db, caller.customerId, body.address_id, {
        firstName: body.first_name,
        lastName: body.last_name,
        street1: body.street,
        street2: body.street2 ?? '',
        city: body.city,
        state: body.state,
        zipcode: body.postcode,
        telephone: body.telephone,
        nickname: body.nickname ?? '',
      });
      if (outcome.kind === 'not-found') throw notFound(addressNotFoundMessage);
      if (outcome.kind === 'refused') return { code: -1, message: outcome.message };
      return { code: 1, message: 'Address updated.', data: outcome.address };
    });

    app.post('/connect/customer/deleteAddress', async (request): Promise<AddressMessageReply> => {
      const body = parseWith(deleteAddressBody, request.body);
      const caller = await requireCaller(request, db);
      if (!(await deleteAddress(db, caller.customerId, body.address_id))) throw notFound(addressNotFoundMessage);
      return { code: 1, message: 'Address deleted.' };
    });

    app.post('/api/customer/setdefaultshippingaddress', async (request): Promise<SetDefaultAddressReply> => {
      const body = parseWith(setDefaultAddressBody, request.body);
      const caller = await requireCaller(request, db);
      requireOwnCustomerId(body.customer_id, caller.customerId);
      if (!(await setDefaultShippingAddress(db, caller.customerId, body.address_id))) throw notFound(addressNotFoundMessage);
      return [{ code: 1, message: 'Default shipping address updated.' }];
    });
  };
}
