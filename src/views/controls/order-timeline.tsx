import type { TimelineStep } from '../../api/contract/checkout.contract.ts';
import { timelineActorLabels, timelineStepActor, timelineStepLabel, type FulfilmentKind } from '../../rules/fulfilment.ts';
import * as css from './order-timeline.css.ts';
import { storeMoment } from '../../rules/store-moment.ts';

/**
 * An order's life so far (issue 24): each step the sellers, the staff or the shopper took (a reschedule too, decision
 * 044), with its time and who took it, the last one in bold. Its own component so the order rows of /setting/order and /order/status stay as they are;
 * the consoles show it on each order card too, so staff and sellers see who moved it and why.
 */
export function OrderTimeline({
  steps,
  actorLabels = timelineActorLabels,
  kind,
}: {
  steps: readonly TimelineStep[] | undefined;
  /** The order's kind: a dine-in order's steps are named in its own words ('Being prepared', 'Table ready'). */
  kind?: FulfilmentKind | undefined;
  /** Who took each step in the reader's words: the shopper's ('by you') unless a console says otherwise. */
  actorLabels?: Readonly<Record<string, string>>;
}) {
  if (!steps || steps.length === 0) return null;
  return (
    <ol className={css.timeline} aria-label="Order timeline">
      {steps.map((step, index) => (
        <li key={index} className={css.step} aria-current={index === steps.length - 1 ? 'step' : undefined}>
          {/* Real spaces between the parts (walk 7: the text read 'Order placedby you', the gap only CSS's). */}
          <span className={index === steps.length - 1 ? css.current : undefined}>
            {timelineStepLabel(step, kind)}
            {/* A step whose name says who took it (a closed day's sentence) is set off from its time (walk 8 #9). */}
            {timelineStepActor(step, actorLabels) ? (
              <>
                {' '}
                <span className={css.when}>{timelineStepActor(step, actorLabels)}</span>
              </>
            ) : (
              ' ·'
            )}{' '}
            <time className={css.when} dateTime={step.at}>
              {storeMoment(step.at)}
            </time>
            {step.reason && (
              <>
                {' '}
                <span className={css.reason}>{step.reason}</span>
              </>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
