import type { SnapshotFrom } from 'xstate';
import { substituteRefusalQuestion } from '../../rules/substitute-refusal.ts';
import type { accountDashboardMachine } from './account-dashboard.machine.ts';
import type { myOrdersMachine } from './my-orders.machine.ts';
import type { orderStatusMachine } from './order-status.machine.ts';

/**
 * The door to My Account (docs/decisions/032): the header's customer menu, the settings tabs, the Account tab's
 * dashboard, the Orders tab and an order's status page. Views import this file only.
 */
export { accountDashboardMachine, type AccountDashboardActor } from './account-dashboard.machine.ts';
export { type AccountDashboardEvent, type Preference } from './account-dashboard.setup.ts';
export { accountMenuMachine, type AccountMenuEvent } from './account-menu.machine.ts';
export { myOrdersMachine, type MyOrdersEvent } from './my-orders.machine.ts';
export { orderStatusMachine, orderStatusMessages, type OrderStatusEvent, type SubstitutionAnswer } from './order-status.machine.ts';
export { settingTabsMachine, type SettingTabsEvent } from './setting-tabs.machine.ts';

type AccountDashboardSnapshot = SnapshotFrom<typeof accountDashboardMachine>;
export const selectDashboard = (s: AccountDashboardSnapshot) => s.context.dashboard;
export const selectCustomerName = (s: AccountDashboardSnapshot) => s.context.dashboard?.name ?? '';
export const selectDashboardError = (s: AccountDashboardSnapshot) => (s.matches({ info: 'failed' }) ? s.context.dashboardError : undefined);
export const selectAddresses = (s: AccountDashboardSnapshot) => s.context.addresses;
export const selectAddressesError = (s: AccountDashboardSnapshot) => (s.matches({ addresses: 'failed' }) ? s.context.addressesError : undefined);
export const selectPendingAddressId = (s: AccountDashboardSnapshot) => s.context.pendingAddressId;
export const selectEditingAddressId = (s: AccountDashboardSnapshot) => s.context.editingId;
export const selectEditValues = (s: AccountDashboardSnapshot) => s.context.editValues;
/**
 * Whether a row's Make default, Edit and Delete are taken (`useSelector(actor, selectCanDeleteAddress(id))`): Make
 * default and Delete only while the table is idle, Edit also while EDIT SHIPPING ADDRESS is open (to switch or close
 * it). While an address is saved, made default or deleted, while the form is open (Make default, Delete) and when
 * the addresses could not be loaded (the rows shown are the last ones read) the machine takes none of them, so the
 * table disables them instead of dropping a click.
 */
export const selectCanMakeDefault = (addressId: number) => (s: AccountDashboardSnapshot) => s.can({ type: 'address.default', addressId });
export const selectCanEditAddress = (addressId: number) => (s: AccountDashboardSnapshot) => s.can({ type: 'address.edit', addressId });
export const selectCanDeleteAddress = (addressId: number) => (s: AccountDashboardSnapshot) => s.can({ type: 'address.delete', addressId });
/** The address whose row asks 'Delete this address?' (Delete was pressed, not yet confirmed), or undefined. */
export const selectConfirmingDeleteId = (s: AccountDashboardSnapshot) =>
  s.matches({ addresses: { list: 'confirmingDelete' } }) ? s.context.pendingAddressId : undefined;

type MyOrdersSnapshot = SnapshotFrom<typeof myOrdersMachine>;
export const selectOrdersError = (s: MyOrdersSnapshot) => (s.matches('failed') ? s.context.loadError : undefined);
export const selectOrderPanels = (s: MyOrdersSnapshot) => s.context.panels;
/** Whether older orders than those shown exist, and the 'More orders' request's progress and refusal. */
export const selectOrdersHasMore = (s: MyOrdersSnapshot) => s.context.hasMore;
export const selectOrdersLoadingMore = (s: MyOrdersSnapshot) => s.matches('loadingMore');
export const selectOrdersMoreError = (s: MyOrdersSnapshot) => s.context.moreError;
/**
 * Whether 'More orders' is taken: only while the orders are shown, not while older ones load or a changed order is
 * asked again (after a Move or Cancel), so the button is disabled there instead of dropping the click.
 */
export const selectCanLoadMoreOrders = (s: MyOrdersSnapshot): boolean => s.can({ type: 'orders.more' });
/** Whether the order's header opens or closes it: not while older orders load (`useSelector(actor, selectCanToggleOrder(id))`). */
export const selectCanToggleOrder = (incrementId: string) => (s: MyOrdersSnapshot) => s.can({ type: 'order.toggle', incrementId });
/** Whether the order's panel is open: `useSelector(actor, selectIsOrderOpen(id))`. */
export const selectIsOrderOpen = (incrementId: string) => (s: MyOrdersSnapshot) => s.context.openIds.includes(incrementId);

type OrderStatusSnapshot = SnapshotFrom<typeof orderStatusMachine>;
export const selectOrderStatusError = (s: OrderStatusSnapshot) => (s.matches('failed') ? s.context.loadError : undefined);
export const selectOrder = (s: OrderStatusSnapshot) => s.context.order;
/**
 * Whether the shopper can answer a substitute or refresh: only while the order is shown. While an answer is sent or
 * the order is asked again the machine takes neither, so the page disables both instead of dropping a click.
 */
export const selectOrderActionable = (s: OrderStatusSnapshot): boolean => s.matches('shown');
/** Decision 039: a refused answer's message. */
export const selectSubstitutionError = (s: OrderStatusSnapshot): string | undefined => s.context.answerError;
/** The question before a refusal that ends the order or a part (src/rules/substitute-refusal.ts), while it is asked. */
export const selectRefusalQuestion = (s: OrderStatusSnapshot) =>
  s.matches('confirmingRefusal') && s.context.order && s.context.answering
    ? substituteRefusalQuestion(s.context.order, s.context.answering.itemId)
    : undefined;
