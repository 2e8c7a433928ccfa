import { useActorRef, useSelector } from '@xstate/react';
import {
  sampleStoresMachine,
  selectChosenStore,
  selectStores,
  selectStoresFailed,
  selectStoresLoading,
  selectStoresMessage,
} from '../../../machines/stores/index.ts';
import { secondaryButton } from '../../../styles/controls.css.ts';
import { Carousel } from '../../controls/carousel.tsx';
import * as css from './sample-stores.css.ts';
import { StoreMap } from './store-map.tsx';

/** The store carousel and the map of sample stores: loaded on demand when /store scrolls to it (stores-slot.tsx). */
export function SampleStoresSection({ zipcode }: { zipcode: string | undefined }) {
  const actor = useActorRef(sampleStoresMachine, { input: { zipcode } });
  const stores = useSelector(actor, selectStores);
  const chosen = useSelector(actor, selectChosenStore);
  const loading = useSelector(actor, selectStoresLoading);
  const failed = useSelector(actor, selectStoresFailed);
  const message = useSelector(actor, selectStoresMessage);
  const choose = (locId: number) => actor.send({ type: 'stores.choose', locId });

  if (loading) return <p role="status">Loading our stores…</p>;
  if (failed)
    return (
      <p role="alert">
        {message}{' '}
        <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'stores.retry' })}>
          Retry
        </button>
      </p>
    );
  return (
    <>
      <Carousel label="Our stores" perView="store">
        {stores.map((store) => (
          <button
            key={store.loc_id}
            type="button"
            className={css.card}
            aria-pressed={chosen?.loc_id === store.loc_id}
            onClick={() => choose(store.loc_id)}
          >
            <span className={css.cardName}>{store.name}</span>
            <span className={css.muted}>
              {store.kind} · {store.street1}, {store.city}, {store.state} {store.zipcode}
            </span>
            {store.serves_zip && zipcode && <span className={css.badge}>Delivers to {zipcode}</span>}
          </button>
        ))}
      </Carousel>
      <StoreMap stores={stores} zipcode={zipcode} chosen={chosen?.loc_id} onChoose={choose} />
      <p className={css.legend}>Larger red markers: stores delivering to {zipcode ?? 'your pincode'}.</p>
      {chosen && (
        <p className={css.details} aria-live="polite">
          <strong>{chosen.name}</strong> — {chosen.street1}, {chosen.city}, {chosen.state} {chosen.zipcode} ·{' '}
          <a href={`tel:${chosen.telephone}`}>{chosen.telephone}</a>
        </p>
      )}
    </>
  );
}
