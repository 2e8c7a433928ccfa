import { fieldError } from '../../styles/controls.css.ts';

/** What a refused form says once, as one alert: each field's own message is read with it (aria-describedby), not all at once (walk 5). */
export const formErrorSummaryText = 'Please correct the fields marked below.';

export function FormErrorSummary({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <p role="alert" className={fieldError}>
      {formErrorSummaryText}
    </p>
  );
}
