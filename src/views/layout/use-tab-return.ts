import { useEffect } from 'react';

/**
 * Calls `onReturn` when the shopper comes back to this tab: it is shown again (visibilitychange) or takes the focus.
 * A page that shows server state another tab may change (the cart, ordered in another tab) reads it again then. The
 * two usually come together: the caller's machine ignores a second read while one is out. `onReturn` should be
 * stable (useCallback), or the listeners are put back on every render.
 */
export function useTabReturn(onReturn: () => void): void {
  useEffect(() => {
    const returned = () => {
      if (document.visibilityState === 'visible') onReturn();
    };
    document.addEventListener('visibilitychange', returned);
    window.addEventListener('focus', returned);
    return () => {
      document.removeEventListener('visibilitychange', returned);
      window.removeEventListener('focus', returned);
    };
  }, [onReturn]);
}
