import type { SnapshotFrom } from 'xstate';
import type { walletPanelMachine } from './wallet-panel.machine.ts';
import type { walletProductsMachine } from './wallet-products.machine.ts';
import { walletTimesShown, type walletRetailersMachine } from './wallet-retailers.machine.ts';

/**
 * The door to the prepaid wallet (docs/decisions/032): the Dine-In panel of the Orders tab, the retailer selection
 * and the wallet's product list. Views import this file only.
 */
export { walletPanelMachine, type WalletPanelEvent } from './wallet-panel.machine.ts';
export { walletProductsMachine, type WalletFilters, type WalletProductsEvent } from './wallet-products.machine.ts';
export { readRedemptionStart, readWalletVisit, walletRetailersMachine, type WalletRetailersEvent } from './wallet-retailers.machine.ts';

type WalletPanelSnapshot = SnapshotFrom<typeof walletPanelMachine>;
export const selectWalletError = (s: WalletPanelSnapshot) => (s.matches('failed') ? s.context.loadError : undefined);
export const selectWalletRows = (s: WalletPanelSnapshot) => s.context.rows;
export const selectWalletFilter = (s: WalletPanelSnapshot) => s.context.filter;

/** What the retailer selection shows: the visit so far, the restaurant chosen and the times it seats guests. */
export function selectWalletShippingPage({ context }: SnapshotFrom<typeof walletRetailersMachine>) {
  const { start, today, retailers, retailerId, date, time, problems, loadError } = context;
  const retailer = retailers.find((r) => r.location_id === retailerId);
  return { start, today, retailers, retailerId, retailer, date, time, times: walletTimesShown(context), problems, loadError };
}

type WalletProductsSnapshot = SnapshotFrom<typeof walletProductsMachine>;

/**
 * Whether the sort, retailer, date, time and Filter are taken: only while the products are shown. While the shops or
 * products load (a new Retailer loads at once), a product is added or the phone's filter panel is open the machine
 * takes none of them, so the page disables them instead of dropping the choice.
 */
export const selectWalletFiltersActionable = (s: WalletProductsSnapshot): boolean => s.can({ type: 'sort.select', sort: 'name_asc' });

/**
 * Whether ADD TO CART is taken for this size (the machine's own guard): while the products are shown (not while
 * loading, adding or with the phone's filter panel open) and the visit has a time the restaurant offers.
 */
export const selectCanRedeem = (productId: number, sizeId: number) => (s: WalletProductsSnapshot) => s.can({ type: 'cart.add', productId, sizeId });

/** What the wallet's product list shows: its filters, the restaurant chosen, the times it seats guests, the products. */
export function selectWalletProductsPage({ context }: WalletProductsSnapshot) {
  const { today, retailers, retailerId, products, sort, date, time, draft, loadError } = context;
  const retailer = retailers.find((r) => r.location_id === retailerId);
  return { today, retailers, retailerId, retailer, products, sort, date, time, times: walletTimesShown(context), draft, loadError };
}
