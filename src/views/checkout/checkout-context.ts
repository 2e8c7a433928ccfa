import { createActorContext } from '@xstate/react';
import { checkoutMachine } from '../../machines/checkout/index.ts';

/**
 * The checkout actor, shared by the page and its step views: the page's Provider runs it (with the page's navigation,
 * toasts and Stripe provided); each step view selects its own step's actor from its children.
 */
export const CheckoutActorContext = createActorContext(checkoutMachine);
