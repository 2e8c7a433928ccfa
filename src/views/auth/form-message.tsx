import * as css from './auth.css.ts';

/** A form's failure line, announced when it appears. */
export function FormMessage({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className={css.formMessage}>
      {message}
    </p>
  ) : null;
}
