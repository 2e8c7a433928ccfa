import { secondaryButton } from '../../styles/controls.css.ts';
import * as css from './settings.css.ts';

/** What a section says while its data loads, or when it could not be loaded (with Try again). */
export function LoadState({
  loading,
  loadingText,
  error,
  onRetry,
}: {
  loading: boolean;
  loadingText: string;
  error: string | undefined;
  onRetry: () => void;
}) {
  return (
    <>
      {loading && (
        <p role="status" className={css.status}>
          {loadingText}
        </p>
      )}
      {error && (
        <div role="alert">
          <p className={css.error}>{error}</p>
          <button type="button" className={secondaryButton} onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
    </>
  );
}
