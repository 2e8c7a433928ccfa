import { Link } from 'react-router-dom';
import { visitLabel } from '../../rules/visit-time.ts';
import { useSessionValue } from '../app-context.tsx';
import * as css from './header.css.ts';

/**
 * The header's line for the Delivery Options choice (issue 12): 'DINE-IN AT Gramercy Chop House · Wed, Dec 2, 7:00 PM'
 * or 'PICK-UP AT …', else 'DELIVERY'; Change goes back to /ship/options.
 */
export function ShippingChoice() {
  const shippingType = useSessionValue('shippingType');
  const retailerName = useSessionValue('retailer_name');
  const dineinTime = useSessionValue('dineinTime');
  const when = visitLabel(dineinTime);
  const visit = (shippingType === 'dine-in' || shippingType === 'pick-up') && retailerName;
  const text = visit ? `${shippingType === 'dine-in' ? 'DINE-IN' : 'PICK-UP'} AT ${retailerName}${when ? ` · ${when}` : ''}` : 'DELIVERY';
  return (
    <div className={css.choice} data-testid="shipping-choice">
      <span className={css.choiceText} title={text}>
        {text}
      </span>
      <Link to="/ship/options" className={css.changeLink} aria-label="Change delivery option">
        Change
      </Link>
    </div>
  );
}
