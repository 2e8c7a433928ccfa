import { geoAlbersUsa, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection } from 'topojson-specification';
import states from 'us-atlas/states-albers-10m.json';
import type { SampleStore } from '../../../api/contract/stores.contract.ts';
import * as css from './sample-stores.css.ts';

// us-atlas's states are already projected (Albers USA, 975 × 610): the same projection places the stores on them.
const width = 975;
const height = 610;
const projection = geoAlbersUsa().scale(1300).translate([487.5, 305]);
const draw = geoPath();
const statesObject = states.objects.states as GeometryCollection;
const nation = draw(feature(states, statesObject)) ?? '';
const borders = draw(mesh(states, statesObject, (a, b) => a !== b)) ?? '';

/** 'Hudson Street Butchers, New York, NY: delivers to 10001' — what a marker is called. */
export function markerName(store: SampleStore, zipcode: string | undefined): string {
  const where = `${store.name}, ${store.city}, ${store.state}`;
  return store.serves_zip && zipcode ? `${where}: delivers to ${zipcode}` : where;
}

export interface StoreMapProps {
  stores: SampleStore[];
  zipcode: string | undefined;
  chosen: number | undefined;
  onChoose: (locId: number) => void;
}

/**
 * The map of the sample stores, drawn in the page (no tiles fetched): the states from us-atlas, a marker per store,
 * filled for those delivering to the shopper's zip. Each marker is a button in the tab order, named for its store.
 */
export function StoreMap({ stores, zipcode, chosen, onChoose }: StoreMapProps) {
  return (
    <svg className={css.map} viewBox={`0 0 ${width} ${height}`} role="group" aria-label="Map of our stores">
      <path d={nation} className={css.land} />
      <path d={borders} className={css.borders} />
      {stores.map((store) => {
        const at = projection([store.longitude, store.latitude]);
        if (!at) return null;
        const [x, y] = at;
        return (
          <g
            key={store.loc_id}
            role="button"
            tabIndex={0}
            aria-label={markerName(store, zipcode)}
            aria-pressed={chosen === store.loc_id}
            data-serves={store.serves_zip ? 'true' : 'false'}
            className={store.serves_zip ? css.markerServing : css.marker}
            transform={`translate(${x.toFixed(1)},${y.toFixed(1)})`}
            onClick={() => onChoose(store.loc_id)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onChoose(store.loc_id);
              }
            }}
          >
            <title>{markerName(store, zipcode)}</title>
            <circle r={store.serves_zip ? 10 : 7} />
          </g>
        );
      })}
    </svg>
  );
}
