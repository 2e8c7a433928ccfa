import type { MoveOrderBody } from '../../api/contract/fulfilment.contract.ts';
import type { Sent } from '../../api/http.ts';
import type { MoveInput } from './fulfilment-types.ts';

/**
 * What the console sends for a move: its reason and weights when it has them, and that the weights far from their
 * estimate were confirmed. Far weights reach a move only once the seller said they are right (the machine's weighsFar
 * → confirming); the server refuses them otherwise (order-transitions.ts recordWeights).
 */
export function moveBodyOf(input: MoveInput): Sent<MoveOrderBody> {
  const pending = input.pending;
  return {
    order_id: input.orderNumber,
    loc_id: input.locId,
    event: pending?.event ?? 'accept',
    ...(pending?.reason === undefined ? {} : { reason: pending.reason }),
    ...(pending?.weights === undefined ? {} : { weights: pending.weights }),
    ...((pending?.far?.length ?? 0) > 0 ? { weights_confirmed: true } : {}),
  };
}
