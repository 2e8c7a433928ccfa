import { areaChangeWords, lineLabel, priceChangeLines, type AreaChangeQuestion } from '../../rules/area-change.ts';
import { sellerChangeLines, sellerChangeWords } from '../../rules/area-change-sellers.ts';
import { linesComingBack, quantityChangeLines, quantityHeading, restoreQuantityLines } from '../../rules/move-quantities.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import * as dialogCss from '../../styles/dialog.css.ts';
import * as css from './area-change-question.css.ts';

/**
 * Before a new pincode or delivery option changes the cart (issue 23): what stays (and the new price of a line moved
 * to another seller's offer), what the new choice cannot sell, what comes back (kept for this pincode earlier), and the
 * answers: change, change keeping the lines for the old pincode, or keep everything as it is. The machine asking
 * decides what happens on each; nothing moves before the shopper answers.
 */
export function AreaChangeQuestionView({
  titleId,
  question,
  onConfirm,
  onKeep,
  onKeepOld,
}: {
  titleId: string;
  question: AreaChangeQuestion;
  onConfirm: () => void;
  onKeep: () => void;
  /** The third answer, when the lines may wait for the old pincode. */
  onKeepOld?: (() => void) | undefined;
}) {
  const words = areaChangeWords(question);
  const priceChanges = priceChangeLines(question.keep);
  // Moved with less than the line held (the new offer's stock, or 24), or not at all (none left): both named.
  // Kept lines come back capped at their offer's stock too; one with none in stock stays kept (named, not listed as back).
  const quantityChanges = [...quantityChangeLines([...question.keep, ...question.drop]), ...restoreQuantityLines(question.restore ?? [])];
  const comingBack = linesComingBack(question.restore ?? []);
  // Moved to another seller: named, with the date and time to choose again (that seller has none in this cart).
  const sellerChanges = sellerChangeLines(question.keep);
  const sellerWords = sellerChangeWords(question.target, question.mode);
  return (
    <div className={css.question}>
      <h2 id={titleId} className={dialogCss.title}>
        {words.title}
      </h2>
      {words.endsVisit && (
        // A new pincode in another area ends the pick-up or table: said before the shopper agrees (QA walk 3).
        <p className={css.heading} role="alert">
          {words.endsVisit}
        </p>
      )}
      {question.keep.length > 0 && (
        <section aria-label="Staying in your cart">
          <p className={css.heading}>{words.keepHeading}</p>
          <ul className={css.lines}>
            {question.keep.map((line, i) => (
              <li key={i}>{lineLabel(line)}</li>
            ))}
          </ul>
        </section>
      )}
      {priceChanges.length > 0 && (
        // Moved to another seller's offer: its price changes, said before the shopper agrees to anything.
        <section aria-label="Price changes">
          <p className={css.heading}>{words.priceHeading}</p>
          <ul className={css.lines}>
            {priceChanges.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {sellerChanges.length > 0 && (
        <section aria-label="Seller changes">
          <p className={css.heading}>{sellerWords.heading}</p>
          <ul className={css.lines}>
            {sellerChanges.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
          <p className={css.heading}>{sellerWords.dates}</p>
        </section>
      )}
      {quantityChanges.length > 0 && (
        <section aria-label="Quantity changes">
          <p className={css.heading}>{quantityHeading(question.target)}</p>
          <ul className={css.lines}>
            {quantityChanges.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {question.drop.length > 0 && (
        <section aria-label="Leaving your cart" role="alert">
          <p className={css.heading}>{words.dropHeading}</p>
          <ul className={css.lines}>
            {question.drop.map((line, i) => (
              <li key={i}>{lineLabel(line)}</li>
            ))}
          </ul>
        </section>
      )}
      {comingBack.length > 0 && (
        <section aria-label="Back in your cart">
          <p className={css.heading}>{words.restoreHeading}</p>
          <ul className={css.lines}>
            {comingBack.map((line, i) => (
              <li key={i}>{lineLabel(line)}</li>
            ))}
          </ul>
        </section>
      )}
      <div className={css.actions}>
        {/* Walk 7: 'Change … and remove 2 items' came first and red; a shopper's first press lost the lines. Keeping
            them for the old choice comes first and is the primary answer; removing is never primary. */}
        {words.keepOld && onKeepOld && (
          <button type="button" className={primaryButton} onClick={onKeepOld}>
            {words.keepOld}
          </button>
        )}
        <button type="button" className={question.drop.length > 0 ? secondaryButton : primaryButton} onClick={onConfirm}>
          {words.confirm}
        </button>
        <button type="button" className={secondaryButton} onClick={onKeep} autoFocus>
          {words.keepCurrent}
        </button>
      </div>
    </div>
  );
}
