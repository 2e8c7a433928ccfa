import { Link } from 'react-router-dom';
import { visitLabel } from '../../rules/visit-time.ts';
import { useSessionValue } from '../app-context.tsx';
import * as css from './header.css.ts';

/**
 * The header's line for the Delivery Options choice (issue 12): 'DINE-IN AT Gramercy Chop House · Wed 12/02, 7:00 PM'
 * or 'PICK-UP AT …', else 'DELIVERY'; Change goes back to /ship/options.
 */
export function ShippingChoice() {
  const shippingType = useSessionValue('shippingType');
  const retailerName = useSessionValue('retailer_name');
  const dineinTime = useSessionValue('dineinTime');
  const when = visitLabel(dineinTime);
  const visit = (shippingType === 'dine-in' || shippingType === 'pick-up') && retailerName;
  const place = visit ? `${shippingType === 'dine-in' ? 'DINE-IN' : 'PICK-UP'} AT ${retailerName}` : 'DELIVERY';
  // The day and time take a line of their own under the place, never cut; the place wraps where it must (its whole
  // text is also the title). Walk 5: 'DINE-IN AT Gramercy Chop Hous…' at 390 px hid the table's time.
  return (
    <div className={css.choice} data-testid="shipping-choice">
      <span className={css.choiceText} title={place}>
        <span className={css.choicePlace}>{place}</span>
        {visit && when && <span>{when}</span>}
      </span>
      <Link to="/ship/options" className={css.changeLink} aria-label="Change delivery option">
        Change
      </Link>
    </div>
  );
}
