import { selectStep, selectTabFlags } from '../../machines/checkout/index.ts';
import { checkoutTabs, flagOfStep, tabOfStep } from '../../rules/checkout-flow.ts';
import { CheckoutActorContext } from './checkout-context.ts';
import * as css from './checkout.css.ts';

/** Drawn in SVG: emoji need a font the shopper's system may not have. */
const iconPaths: Record<(typeof checkoutTabs)[number]['icon'], string> = {
  location: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z',
  payment: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm-1 4h20v3H2zm3 6h6v1.5H5z',
  summary: 'M6 2h9l5 5v15H6zm8 1.5V8h4.5M8.5 12h9v1.5h-9zm0 4h9v1.5h-9z',
};

/** The three tabs (location, payment, summary); a tab is enabled only while the machine's flag for it is set. */
export function CheckoutTabs() {
  const actor = CheckoutActorContext.useActorRef();
  const step = CheckoutActorContext.useSelector(selectStep);
  const flags = CheckoutActorContext.useSelector(selectTabFlags);
  const current = tabOfStep(step);
  return (
    <div role="tablist" aria-label="Checkout steps" className={css.tabs}>
      {checkoutTabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          className={css.tab}
          aria-selected={current === tab.value}
          disabled={!flags[flagOfStep[tab.value]]}
          onClick={() => actor.send({ type: 'tab.select', tab: tab.value })}
        >
          <svg className={css.tabIcon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="currentColor">
            <path d={iconPaths[tab.icon]} />
          </svg>
          <span>{tab.icon}</span>
        </button>
      ))}
    </div>
  );
}
