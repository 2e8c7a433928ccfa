import type { AddressValues } from './address-validation.ts';
import type { ShippingAddress } from './checkout-flow.ts';

/**
 * The account settings page (spec sections 2 "Account tab", "Orders tab", 4 "Account:" and "Orders:"): which tab a
 * URL names, what the edit form starts from, and how orders are sorted into the three panels.
 */

/** /setting/{settingParam}: user = tab 0 Account, order = tab 1 Orders, chat = tab 2 (not rendered). */
export const settingTabs = ['user', 'order', 'chat'] as const;
export type SettingTab = (typeof settingTabs)[number];

export function settingTabOf(param: string | undefined): SettingTab | undefined {
  return settingTabs.find((tab) => tab === param);
}

export function settingPath(tab: SettingTab): string {
  return `/setting/${tab}`;
}

/** Make default: the chosen address becomes '1' and the previous default '0' (spec section 4 "Account"). */
export function withDefaultAddress(addresses: readonly ShippingAddress[], addressId: number): ShippingAddress[] {
  return addresses.map((a) => {
    const isDefault = a.id === addressId;
    return { ...a, defaultAddress: isDefault ? '1' : '0', isPrimary: isDefault };
  });
}

/** The account's EDIT SHIPPING ADDRESS form, prefilled (firstname, lastname, address, city, zip, state, phone). */
export function editValuesOf(address: ShippingAddress): AddressValues {
  return {
    firstName: address.firstname,
    lastName: address.lastname,
    address: address.street_1,
    address2: address.street_2,
    city: address.city,
    state: address.state,
    zip: address.zipcode,
    addressNickname: address.type,
    phone: address.phone,
  };
}

/** The Orders tab's panels. */
export type OrderPanel = 'delivery' | 'pickup' | 'dineIn';
export const orderPanels: readonly { panel: OrderPanel; title: string; empty: string }[] = [
  { panel: 'delivery', title: 'Delivery Orders', empty: 'You have no delivery orders yet.' },
  { panel: 'pickup', title: 'Pickup Orders', empty: 'You have no pickup orders yet.' },
  { panel: 'dineIn', title: 'Dine-In', empty: 'You have no dine-in orders yet.' },
];

/** The delivery methods the spec relabels 'Local Delivery' (compared case-insensitively). */
const localDeliveryMethods = ['local delivery', 'driver', 'farm direct', 'courier delivery'];
export const localDeliveryLabel = 'Local Delivery';

export interface OrderLike {
  delivery_method: string;
  items: readonly { delivery_method: string }[];
}

/** The order's group: its first item's delivery method, relabelled 'Local Delivery' for the delivering methods. */
export function orderGroupOf(order: OrderLike): string {
  const method = order.items[0]?.delivery_method ?? order.delivery_method;
  return localDeliveryMethods.includes(method.trim().toLowerCase()) ? localDeliveryLabel : method;
}

/** Groups labelled Local Delivery, Pickup and Dine-in feed the three panels; any other group is not shown. */
export function panelOfGroup(group: string): OrderPanel | undefined {
  const key = group.trim().toLowerCase();
  if (key === 'local delivery') return 'delivery';
  if (key === 'pickup') return 'pickup';
  if (key === 'dine-in') return 'dineIn';
  return undefined;
}

/** The orders of each panel, in the order given (newest first from the server). */
export function ordersByPanel<T extends OrderLike>(orders: readonly T[]): Record<OrderPanel, T[]> {
  const panels: Record<OrderPanel, T[]> = { delivery: [], pickup: [], dineIn: [] };
  for (const order of orders) {
    const panel = panelOfGroup(orderGroupOf(order));
    if (panel) panels[panel].push(order);
  }
  return panels;
}

/** Order statuses are shown capitalised ('processing' → 'Processing'). */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
