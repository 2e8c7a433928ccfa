import { Link } from 'react-router-dom';
import { usePartnerLocator } from '../../api/dine-in.swr.ts';
import { comingSoonMessage } from '../../rules/messages.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { useSessionValue } from '../app-context.tsx';
import * as css from './dine-in.css.ts';
import { RetailerSummary } from './retailer-summary.tsx';

/**
 * /party/locator: the partner restaurants and bars near the shopper's zip, nearest first, each with its stars,
 * address and hours, and 'Dine here' into the dine-in choice (/ship/options with the restaurant chosen).
 */
export function PartnerLocatorPage() {
  const zipcode = useSessionValue('zipcode');
  const { data, error, isLoading } = usePartnerLocator(zipcode);
  const restaurants = data?.code === 1 ? (data.data?.restaurants ?? []) : [];
  return (
    <div className={css.page}>
      <h1 className={css.title}>Partner restaurants near {zipcode ?? 'you'}</h1>
      {!zipcode && (
        <p className={css.message}>
          Please enter your pincode to start shopping. <Link to="/">Choose a pincode</Link>
        </p>
      )}
      {isLoading && <p role="status">Loading…</p>}
      {error && <p className={css.message}>The restaurants could not be loaded. Please try again.</p>}
      {data?.code === -1 && (
        <p className={css.message}>
          {data.message ?? comingSoonMessage} <Link to="/">Change pincode</Link>
        </p>
      )}
      <ul className={css.locatorList}>
        {restaurants.map((restaurant) => (
          <li key={restaurant.loc_id} className={css.locatorItem}>
            <div>
              <h2 className={css.locatorName}>{restaurant.name}</h2>
              <p className={css.muted}>{restaurant.distance.toFixed(1)} miles away</p>
              <RetailerSummary retailer={restaurant} named={false} />
            </div>
            <Link className={primaryButton} to={`/ship/options?retailer=${restaurant.loc_id}`} aria-label={`Dine here: ${restaurant.name}`}>
              Dine here
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
