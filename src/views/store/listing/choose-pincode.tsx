import { Link } from 'react-router-dom';
import * as css from './listing-pages.css.ts';

/** Listings depend on the delivery area: without a pincode there is nothing to list yet. */
export function ChoosePincode() {
  return (
    <p className={css.message}>
      Please <Link to="/">choose your pincode</Link> to see what we deliver to you.
    </p>
  );
}
