import type { MachineMap } from './journey-map.ts';
import { accountDashboardJourneys } from './account-dashboard.journeys.ts';
import { ageGateJourneys } from './age-gate.journeys.ts';
import { authJourneys } from './auth.journeys.ts';
import { cartJourneys } from './cart.journeys.ts';
import { checkoutJourneys } from './checkout.journeys.ts';
import { checkoutSpeedJourneys } from './checkout-speed.journeys.ts';
import { checkoutAddressJourneys } from './checkout-address.journeys.ts';
import { checkoutCardJourneys } from './checkout-card.journeys.ts';
import { checkoutSummaryJourneys } from './checkout-summary.journeys.ts';
import { deliveryGroupJourneys } from './delivery-group.journeys.ts';
import { deliveryOptionsJourneys } from './delivery-options.journeys.ts';
import { faceVerifyJourneys } from './face-verify.journeys.ts';
import { guestRegisterJourneys } from './guest-register.journeys.ts';
import { myOrdersJourneys } from './my-orders.journeys.ts';
import { orderStatusJourneys } from './order-status.journeys.ts';
import { paymentOptionsJourneys } from './payment-options.journeys.ts';
import { kycJourneys } from './kyc.journeys.ts';
import { pincodeJourneys } from './pincode.journeys.ts';
import { settingTabsJourneys } from './setting-tabs.journeys.ts';
import { updatePasswordJourneys } from './update-password.journeys.ts';
import { walletPanelJourneys } from './wallet-panel.journeys.ts';
import { walletProductsJourneys } from './wallet-products.journeys.ts';
import { walletRetailersJourneys } from './wallet-retailers.journeys.ts';

/** Every machine QA's generated journeys walk, in the order reach.json lists them. */
export const journeyMaps: readonly MachineMap[] = [
  ageGateJourneys,
  pincodeJourneys,
  authJourneys,
  cartJourneys,
  checkoutJourneys,
  faceVerifyJourneys,
  guestRegisterJourneys,
  updatePasswordJourneys,
  myOrdersJourneys,
  orderStatusJourneys,
  accountDashboardJourneys,
  settingTabsJourneys,
  walletPanelJourneys,
  walletRetailersJourneys,
  walletProductsJourneys,
  deliveryOptionsJourneys,
  deliveryGroupJourneys,
  checkoutSpeedJourneys,
  kycJourneys,
  checkoutAddressJourneys,
  checkoutCardJourneys,
  checkoutSummaryJourneys,
  paymentOptionsJourneys,
];
