import { useId, type FormEvent } from 'react';
import type { CouponMessage } from '../../machines/cart/index.ts';
import { primaryButton, secondaryButton, textInput } from '../../styles/controls.css.ts';
import * as css from './coupon-box.css.ts';
import { useShownMessage } from '../layout/shown-message.ts';

export interface CouponBoxProps {
  text: string;
  /** The coupon the server applied, if any. */
  applied: string | null;
  message: CouponMessage | undefined;
  busy: boolean;
  /** The box keeps what is typed only while its machine takes it: read-only otherwise (focus and caret stay). */
  readOnly: boolean;
  onChange: (code: string) => void;
  onApply: () => void;
  onRemove: () => void;
}

/** 'Coupon code', APPLY, and REMOVE while one is applied; the server's message below (the cart page and the checkout summary). */
export function CouponBox({ text, applied, message, busy, readOnly, onChange, onApply, onRemove }: CouponBoxProps) {
  const id = useId();
  const shownText = useShownMessage(message?.text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form className={css.couponForm} onSubmit={submit} noValidate>
      <label htmlFor={id}>Coupon code</label>
      <div className={css.couponRow}>
        <input
          id={id}
          className={textInput}
          value={text}
          placeholder={applied ?? ''}
          autoComplete="off"
          readOnly={readOnly}
          aria-invalid={message?.kind === 'error' ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="submit" className={primaryButton} disabled={busy}>
          APPLY
        </button>
      </div>
      {applied && (
        <div className={css.couponRow}>
          <span>
            Applied: <strong>{applied}</strong>
          </span>
          <button type="button" className={secondaryButton} disabled={busy} onClick={onRemove}>
            REMOVE
          </button>
        </div>
      )}
      {message && shownText && (
        <p className={message.kind === 'error' ? css.couponError : css.couponSuccess} role={message.kind === 'error' ? 'alert' : 'status'}>
          {shownText}
        </p>
      )}
    </form>
  );
}
