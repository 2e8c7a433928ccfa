import type { ReactNode } from 'react';
import { storeContact, storePolicies } from '../../rules/store-policies.ts';
import { InfoPage } from './info-page.tsx';
import * as css from './info.css.ts';

/** One accordion of the FAQ: a native disclosure, so keyboards and screen readers get it for free. */
function Accordion({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className={css.accordion}>
      <summary className={css.accordionSummary}>{title}</summary>
      <div className={css.accordionPanel}>{children}</div>
    </details>
  );
}

function Answer({ question, children }: { question: string; children: ReactNode }) {
  return (
    <>
      <p className={css.question}>{question}</p>
      <p>{children}</p>
    </>
  );
}

/** The spec's FAQ: Shipping, Flowers and Ordering accordions. */
export function FaqPage() {
  const p = storePolicies;
  return (
    <InfoPage title="FAQ" lead="Answers to what shoppers ask us most.">
      <Accordion title="Shipping">
        <Answer question="Where do you deliver?">
          To the zip codes our local butchers, fishmongers, courier and farms serve. Enter your zip at the top of the store to see what reaches you.
        </Answer>
        <Answer question="How is my order kept cold?">
          Local shops deliver the same day in chilled vans; courier and farm orders travel in insulated boxes with ice packs and arrive within their
          delivery window.
        </Answer>
        <Answer question="Can I change the delivery date?">
          Yes, up to {p.changeWindowHours} hours before the ship date ({p.holidayChangeDays} days around holidays).
        </Answer>
      </Accordion>
      <Accordion title="Flowers">
        <Answer question="Do you sell flowers?">
          No. We sell meat and fish only; our Valentine&apos;s Collection and gift boxes are cuts and seafood, and a gift message can go with any
          order.
        </Answer>
      </Accordion>
      <Accordion title="Ordering">
        <Answer question="Can I change or cancel my order?">
          Changes are allowed within {p.changeWindowHours} hours of the ship date ({p.holidayChangeDays} days on holidays). Orders changed before{' '}
          {p.changeCutoff} are changed the same day. Cancelling a confirmed order may incur a fee equal to the order value.
        </Answer>
        <Answer question="What if something is wrong with my order?">
          Everything we sell carries a {p.freshnessGuaranteeDays}-day freshness guarantee. Contact us ({storeContact.email}) about wrong, late,
          damaged or defective items.
        </Answer>
      </Accordion>
    </InfoPage>
  );
}
