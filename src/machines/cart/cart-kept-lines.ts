import { keptRemovalRequest } from '../../api/cart.api.ts';
import { answerOf, failureMessage } from './cart-replies.ts';
import { cartSetup } from './cart.setup.ts';

/**
 * Lines kept for another zip (decisions 041, 047): shown under the cart's lines, and under the empty cart's message
 * when every line was kept (decision 052), each removable in both.
 */
export const keptLines = cartSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      description: 'The kept lines are shown as the server last listed them.',
      on: {
        'cart.kept.remove': { description: 'The shopper takes a kept line away: it is removed on the server.', target: 'removing' },
      },
    },
    removing: {
      description: 'Removing a kept line on the server.',
      tags: 'removingKept',
      invoke: {
        id: 'removeKept',
        src: 'removeKept',
        input: ({ context, event }) => keptRemovalRequest(context.cartId ?? '', event.type === 'cart.kept.remove' ? event.keptId : 0),
        onDone: {
          description: 'The kept line is gone: the cart shows what the server now keeps.',
          target: 'idle',
          actions: [{ type: 'assignServerCart', params: answerOf }, 'recordBadge'],
        },
        onError: {
          description: 'The kept line could not be removed: a red toast says why and it stays listed.',
          target: 'idle',
          actions: [{ type: 'assignMessage', params: ({ event }) => ({ message: failureMessage(event.error) }) }, 'notifyRefusal'],
        },
      },
    },
  },
});
