import type { SnapshotFrom } from 'xstate';
import type { RescheduleOptions } from '../../api/contract/reschedule.contract.ts';
import { cancelWords, type orderChangeMachine } from './order-change.machine.ts';

/**
 * The door to the shopper's reschedule and cancel (issue 24 item 6, docs/decisions/040). Views import this file only.
 */
export {
  orderChangeMachine,
  orderChangeMessages,
  type OrderChangeEvent,
  type OrderChangeEmitted,
  type OrderChangeInput,
} from './order-change.machine.ts';

type OrderChangeSnapshot = SnapshotFrom<typeof orderChangeMachine>;

export const selectChangeOptions = (s: OrderChangeSnapshot): RescheduleOptions | undefined => s.context.options;
export const selectChangeDate = (s: OrderChangeSnapshot): string | undefined => s.context.date;
export const selectChangeSlotId = (s: OrderChangeSnapshot): number | undefined => s.context.slotId;
export const selectChangeError = (s: OrderChangeSnapshot): string | undefined => s.context.error;
/** The confirm step's question: in full, or what a cancel of the rest gives back after a part was refused. */
export const selectCancelQuestion = (s: OrderChangeSnapshot): string => cancelWords(s.context.options).question;
export const selectChangeDone = (s: OrderChangeSnapshot): string | undefined => s.context.done;
/** Why the order can no longer change (past the cutoff, being prepared), once the panel asked. */
export const selectChangeRefusal = (s: OrderChangeSnapshot): string | undefined => s.context.options?.refusal ?? undefined;
/** Why the whole order can no longer be canceled though the chosen delivery may still move, else undefined. */
export const selectCancelRefusal = (s: OrderChangeSnapshot): string | undefined => s.context.options?.cancel_refusal ?? undefined;
/** Whether Cancel order is offered: only when the server's cancel would take it (selectCancelRefusal says why not). */
export const selectCanCancel = (s: OrderChangeSnapshot): boolean =>
  s.context.options !== undefined && (s.context.options.cancel_refusal ?? null) === null;
/** The panel's step, for the view to draw. */
export function selectChangeStep(
  s: OrderChangeSnapshot,
): 'closed' | 'loading' | 'failed' | 'refused' | 'choosing' | 'busy' | 'confirmingCancel' | 'done' {
  if (s.matches('closed')) return 'closed';
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('refused')) return 'refused';
  if (s.matches('confirmingCancel')) return 'confirmingCancel';
  if (s.matches('done')) return 'done';
  if (s.matches('choosing')) return 'choosing';
  return 'busy';
}
/** Which busy step: the day's slots loading, the move or the cancel being sent. */
export const selectChangeBusy = (s: OrderChangeSnapshot): 'day' | 'saving' | 'canceling' | undefined =>
  s.matches('loadingDay') ? 'day' : s.matches('saving') ? 'saving' : s.matches('canceling') ? 'canceling' : undefined;
/**
 * Whether Close is taken: not while the chosen day's slots load or the move is sent (the panel keeps drawing its
 * choices, and Close, then), so Close is disabled there instead of dropping the click.
 */
export const selectChangeClosable = (s: OrderChangeSnapshot): boolean => s.can({ type: 'change.close' });
/** Whether another seller's delivery can be chosen now (not while a day's slots load or the move is sent). */
export const selectCanChoosePart = (s: OrderChangeSnapshot): boolean => s.can({ type: 'change.part.choose', locId: 0 });
