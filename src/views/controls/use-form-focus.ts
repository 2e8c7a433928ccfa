import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A field marked invalid that focus can reach (a billing field copied from the shipping address is disabled); a group
 * of buttons (the cart's time slots) marks its first button data-invalid, as a button takes no aria-invalid.
 */
const invalidField = '[aria-invalid="true"]:not(:disabled), [data-invalid]:not(:disabled)';

/**
 * After a refused submit, focus goes to the first field marked invalid inside `container`, where its message is read
 * (aria-describedby), instead of staying on the button (walk 5: ten Shift+Tabs back to First Name). `submitted()` is
 * called as the form is sent; the refusal may come at once (the form's own checks) or with the server's answer
 * (`shown` changes: the errors on screen), and focus moves once per submit, never while the shopper types.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(shown: unknown): { container: RefObject<T | null>; submitted: () => void } {
  const container = useRef<T>(null);
  const waiting = useRef(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!waiting.current) return;
    const field = container.current?.querySelector<HTMLElement>(invalidField);
    if (!field) return;
    waiting.current = false;
    // Into the middle of the screen: scrolled only as far as the top, the field sat under the sticky header.
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center' });
  }, [attempt, shown]);
  const submitted = useCallback(() => {
    waiting.current = true;
    setAttempt((n) => n + 1);
  }, []);
  return { container, submitted };
}

/**
 * A form opened by a button (ADD NEW ADDRESSES, Add New Card) takes focus on its heading (tabIndex -1): the button
 * that opened it is gone, and focus would otherwise fall to the page's body (walk 5).
 */
export function useFocusOnOpen<T extends HTMLElement>(): RefObject<T | null> {
  const heading = useRef<T>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return heading;
}
