import { secondaryButton } from '../../styles/controls.css.ts';
import * as css from './settings.css.ts';
import { useShownMessage } from '../layout/shown-message.ts';

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
  const shown = useShownMessage(error);
  return (
    <>
      {loading && (
        <p role="status" className={css.status}>
          {loadingText}
        </p>
      )}
      {shown && (
        <div role="alert">
          <p className={css.error}>{shown}</p>
          <button type="button" className={secondaryButton} onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
    </>
  );
}
