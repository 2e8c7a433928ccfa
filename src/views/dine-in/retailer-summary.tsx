import type { DineinRetailer } from '../../api/contract/dine-in.contract.ts';
import { priceCategoryLabel } from '../../rules/dine-in.ts';
import { timeLabel } from '../../rules/visit-time.ts';
import * as css from './dine-in.css.ts';

/** A restaurant's stars, address, phone and hours (and its name, unless a heading above shows it). */
export function RetailerSummary({ retailer, named = true }: { retailer: DineinRetailer; named?: boolean }) {
  const street = retailer.street2 ? `${retailer.street1}, ${retailer.street2}` : retailer.street1;
  return (
    <div className={css.retailerCard}>
      <span className={css.stars} aria-label={priceCategoryLabel(retailer.price_category)}>
        {'★'.repeat(retailer.price_category)}
      </span>
      {named && (
        <>
          {' '}
          <strong>{retailer.name}</strong>
        </>
      )}
      <div>
        {street}, {retailer.city}, {retailer.state} {retailer.zipcode}
      </div>
      <div>
        Open daily {timeLabel(retailer.opens_at)} – {timeLabel(retailer.closes_at)} · Tel. {retailer.telephone}
      </div>
      {retailer.description && <div className={css.muted}>{retailer.description}</div>}
    </div>
  );
}
