import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import {
  searchBoxMachine,
  selectSearchLinkOffered,
  selectSearchMessage,
  selectSearchQuery,
  selectSearchText,
  selectSearchTotal,
} from '../../machines/store/index.ts';
import { useAppActors } from '../app-context.tsx';
import * as css from './search-box.css.ts';

/** 'SEARCH PRODUCTS': renders the search-box machine (debounce, trim, result count). */
export function SearchBox() {
  const { session } = useAppActors();
  const actor = useActorRef(searchBoxMachine, { input: { session } });
  const text = useSelector(actor, selectSearchText);
  const query = useSelector(actor, selectSearchQuery);
  const total = useSelector(actor, selectSearchTotal);
  const message = useSelector(actor, selectSearchMessage);
  const linkOffered = useSelector(actor, selectSearchLinkOffered);
  const state = useSelector(actor, (s) =>
    s.matches('searching') ? 'searching' : s.matches('showing') ? 'showing' : s.matches('failed') ? 'failed' : 'other',
  );

  return (
    <div className={css.box} role="search">
      <input
        type="search"
        className={css.input}
        placeholder="SEARCH PRODUCTS"
        aria-label="SEARCH PRODUCTS"
        value={text}
        onChange={(event) => actor.send({ type: 'search.type', text: event.target.value })}
        onKeyDown={(event) => event.key === 'Escape' && actor.send({ type: 'search.close' })}
      />
      {state !== 'other' && (
        <div className={css.panel} role="status">
          {state === 'searching' && <span>Fetching Results Please Hold On...</span>}
          {state === 'showing' && (
            <>
              <span>Total {total} Result.</span>{' '}
              {linkOffered && (
                <Link to={`/store/search?q=${encodeURIComponent(query)}`} onClick={() => actor.send({ type: 'search.close' })}>
                  Click Here to See Result
                </Link>
              )}
            </>
          )}
          {state === 'failed' && <span>{message}</span>}
        </div>
      )}
    </div>
  );
}
