import { useId } from 'react';
import { giftMessageCount, giftMessageProblem } from '../../rules/gift-message.ts';
import * as css from './checkout.css.ts';

/**
 * The gift message with its limit shown ('N of 500 characters'). Nothing typed or pasted is cut: a message over the
 * limit says so (PLACE ORDER waits until it is shortened, and the server refuses it too).
 */
export function GiftMessageField({ text, editable, onChange }: { text: string; editable: boolean; onChange: (text: string) => void }) {
  const id = useId();
  const problem = giftMessageProblem(text);
  return (
    <div className={css.field}>
      <label htmlFor={`${id}-text`}>Gift message</label>
      <textarea
        id={`${id}-text`}
        className={css.textarea}
        value={text}
        readOnly={!editable}
        aria-invalid={problem !== undefined}
        aria-describedby={`${id}-count`}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-count`}>{giftMessageCount(text)}</span>
      {problem && (
        <span role="alert" className={css.error}>
          {problem}
        </span>
      )}
    </div>
  );
}
