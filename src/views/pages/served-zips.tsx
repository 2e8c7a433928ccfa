import { Link, useParams } from 'react-router-dom';
import { useServedZips } from '../../api/served-zips.swr.ts';
import * as css from './pages.css.ts';

/** /currentZipCodes/{city}/{state}: a plain list of the zips we deliver to. */
export function ServedZips() {
  const { city = '', state = '' } = useParams();
  const { data, error, isLoading } = useServedZips(city, state);
  const cityZips = data?.data?.avaialbepostcodes ?? [];
  const allAreas = data?.data?.all_areas ?? [];

  return (
    <section aria-labelledby="served-title">
      <h1 id="served-title">Pincodes we currently serve</h1>
      {isLoading && <p>Loading…</p>}
      {error instanceof Error && <p role="alert">{error.message}</p>}
      {data && cityZips.length > 0 && (
        <>
          <h2>
            {city}, {state}
          </h2>
          <ul className={css.zipList} aria-label={`Served pincodes in ${city}`}>
            {cityZips.map((zip) => (
              <li key={zip}>{zip}</li>
            ))}
          </ul>
        </>
      )}
      {data && cityZips.length === 0 && (
        <>
          {city !== 'ALL' && (
            <p>
              We do not deliver to {city}, {state} yet. These are the pincodes we serve today:
            </p>
          )}
          {allAreas.map((area) => (
            <div key={`${area.state}-${area.city}`}>
              <h2>
                {area.city}, {area.state}
              </h2>
              <ul className={css.zipList} aria-label={`Served pincodes in ${area.city}`}>
                {area.postcodes.map((zip) => (
                  <li key={zip}>{zip}</li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
      <p>
        <Link to="/">Choose a pincode</Link>
      </p>
    </section>
  );
}
