import type { CheckoutStorage } from '../../machines/checkout/index.ts';

/** The tab's own storage: the checkout's choices survive a reload in this tab, and no other; the cart's CHECKOUT restarts them. */
export const tabStorage: CheckoutStorage = () => window.sessionStorage;
