import { dashboardReply, preferencesReply, type DashboardReply, type PreferencesBody, type PreferencesReply } from './contract/account.contract.ts';
import {
  addressMessageReply,
  setDefaultAddressReply,
  updateAddressReply,
  type AddressMessageReply,
  type SetDefaultAddressReply,
  type UpdateAddressBody,
  type UpdateAddressReply,
} from './contract/address.contract.ts';
import { myOrdersReply, orderStatusReply, type MyOrdersReply, type OrderStatusReply } from './contract/checkout.contract.ts';
import { call, type Sent } from './http.ts';

/** POST api/account/mydashboard: name, primary address, email, the two switches and the saved cards. */
export function myDashboard(): Promise<DashboardReply> {
  return call('/api/account/mydashboard', dashboardReply, { method: 'POST', body: {} });
}

/** POST /api/account/preferences: the NOTIFICATIONS and NEWSLETTER switches. */
export function savePreferences(body: Sent<PreferencesBody>): Promise<PreferencesReply> {
  return call('/api/account/preferences', preferencesReply, { method: 'POST', body: { ...body } });
}

/** POST /connect/customer/updateAddress: the account tab's EDIT SHIPPING ADDRESS form. */
export function updateAddress(body: Sent<UpdateAddressBody>): Promise<UpdateAddressReply> {
  return call('/connect/customer/updateAddress', updateAddressReply, { method: 'POST', body: { ...body } });
}

/** POST /connect/customer/deleteAddress */
export function deleteAddress(addressId: number): Promise<AddressMessageReply> {
  return call('/connect/customer/deleteAddress', addressMessageReply, { method: 'POST', body: { address_id: addressId } });
}

/** POST /api/customer/setdefaultshippingaddress: answers a list whose first element has code and message. */
export function setDefaultShippingAddress(customerId: number, addressId: number): Promise<SetDefaultAddressReply> {
  return call('/api/customer/setdefaultshippingaddress', setDefaultAddressReply, {
    method: 'POST',
    body: { customer_id: customerId, address_id: addressId },
  });
}

/** POST api/account/myorders: the caller's orders, newest first; with `before`, the page of orders older than that one. */
export function myOrders(before?: string): Promise<MyOrdersReply> {
  return call('/api/account/myorders', myOrdersReply, { method: 'POST', body: before === undefined ? {} : { before } });
}

/** One order of the caller's for the order status page. */
export function orderStatus(orderId: string): Promise<OrderStatusReply> {
  return call('/api/account/orderstatus', orderStatusReply, { query: { order_id: orderId } });
}
