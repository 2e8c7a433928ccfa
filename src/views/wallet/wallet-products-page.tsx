import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { WalletProduct, WalletRetailer } from '../../api/contract/wallet.contract.ts';
import {
  readWalletVisit,
  selectCanRedeem,
  selectWalletFiltersActionable,
  selectWalletProductsPage,
  walletProductsMachine,
  type WalletFilters,
} from '../../machines/wallet/index.ts';
import { deliveryOptionMessages } from '../../rules/messages.ts';
import { dollarsToCents } from '../../rules/money.ts';
import { formatSize } from '../../rules/sizes.ts';
import {
  formatWalletAmount,
  isWalletSortKey,
  walletHoldingText,
  walletPriceText,
  sortWalletProducts,
  walletSortKeys,
  walletSortLabels,
  walletTexts,
  type WalletSortKey,
} from '../../rules/wallet.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { useAppActors } from '../app-context.tsx';
import { VisitDateTime } from '../controls/visit-date-time.tsx';
import * as css from './wallet.css.ts';
import { useShownMessage } from '../layout/shown-message.ts';

/**
 * /wallet/product/{retailerId}: what the chosen restaurant redeems from the wallet, with sort, retailer filter, the
 * visit's date and time (a filter panel with Apply and Cancel on phones), and ADD TO CART for one of a size.
 */
export function WalletProductsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { session } = useAppActors();
  const { retailerId } = useParams();
  // The path names the restaurant; the navigation state carries the rest of the visit.
  const stated = readWalletVisit(location.state);
  const visit = stated && retailerId && /^\d+$/.test(retailerId) ? { ...stated, retailerId: Number(retailerId) } : stated;
  const actor = useActorRef(walletProductsMachine.provide({ actions: { goToCart: () => void navigate('/cart') } }), {
    input: { session, visit },
  });
  const snapshot = useSelector(actor, (s) => s);
  const page = selectWalletProductsPage(snapshot);
  const loadError = useShownMessage(page.loadError);
  if (snapshot.matches('noVisit')) {
    return (
      <div className={css.page}>
        <h1 className={css.title}>Redeem Your Wallet</h1>
        <p className={css.subtitle}>{walletTexts.chooseRestaurant}</p>
        <Link to="/setting/order">Your Orders</Link>
      </div>
    );
  }
  const { retailer, times } = page;
  const products = sortWalletProducts(
    page.products.map((p) => ({ ...p, priceCents: dollarsToCents(p.child[0]?.price ?? '0.00') ?? 0 })),
    page.sort,
  );
  // The filters and ADD TO CART are enabled only where the machine takes them (ADD TO CART also waits for a time the
  // restaurant offers); elsewhere a choice would be dropped.
  const filtersActionable = selectWalletFiltersActionable(snapshot);
  return (
    <div className={css.page}>
      <h1 className={css.title}>{retailer?.vendor_name ?? 'Redeem Your Wallet'}</h1>
      {retailer && (
        <p className={css.subtitle}>
          {'★'.repeat(retailer.price_category)} · {retailer.address}
        </p>
      )}
      <fieldset className={css.filterSet} disabled={!filtersActionable}>
        <div className={`${css.fields} ${css.inlineFilters}`}>
          <SortSelect value={page.sort} onChange={(sort) => actor.send({ type: 'sort.select', sort })} />
          <RetailerSelect
            retailers={page.retailers}
            value={page.retailerId}
            onChange={(id) => actor.send({ type: 'retailer.select', locationId: id })}
          />
        </div>
        <VisitDateTime
          today={page.today}
          date={page.date}
          time={page.time}
          times={times}
          noTimeLeft={Boolean(retailer) && times.length === 0}
          onDate={(date) => actor.send({ type: 'date.change', date })}
          onTime={(time) => actor.send({ type: 'time.change', time })}
        />
        <button type="button" className={`${secondaryButton} ${css.filterButton}`} onClick={() => actor.send({ type: 'filters.open' })}>
          Filter
        </button>
      </fieldset>
      {retailer && !times.includes(page.time) && <p className={css.error}>{deliveryOptionMessages.visitTimeRequired}</p>}
      {snapshot.matches('filtering') && (
        <FilterPanel
          draft={page.draft}
          retailers={page.retailers}
          onSort={(sort) => actor.send({ type: 'filters.sort.select', sort })}
          onRetailer={(id) => actor.send({ type: 'filters.retailer.select', locationId: id })}
          onApply={() => actor.send({ type: 'filters.apply' })}
          onCancel={() => actor.send({ type: 'filters.cancel' })}
        />
      )}
      {(snapshot.matches('loadingRetailers') || snapshot.matches('loadingProducts')) && <p role="status">Loading your wallet…</p>}
      {snapshot.matches('failed') && loadError !== undefined && (
        <div role="alert">
          <p className={css.error}>{loadError}</p>
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'products.retry' })}>
            Try again
          </button>
        </div>
      )}
      {(snapshot.matches('ready') || snapshot.matches('adding') || snapshot.matches('filtering')) &&
        (products.length === 0 ? (
          <p className={css.subtitle}>{walletTexts.noProducts}</p>
        ) : (
          <ul className={css.grid} aria-label="Wallet products">
            {products.map((product) => (
              <li key={product.prod_id}>
                <ProductCard
                  product={product}
                  canAdd={(sizeId) => selectCanRedeem(product.prod_id, sizeId)(snapshot)}
                  onAdd={(sizeId) => actor.send({ type: 'cart.add', productId: product.prod_id, sizeId })}
                />
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

function SortSelect({ value, onChange }: { value: WalletSortKey; onChange: (sort: WalletSortKey) => void }) {
  return (
    <label className={css.field}>
      <span className={css.label}>Sort by</span>
      <select
        className={css.input}
        value={value}
        onChange={(e) => {
          if (isWalletSortKey(e.target.value)) onChange(e.target.value);
        }}
      >
        {walletSortKeys.map((key) => (
          <option key={key} value={key}>
            {walletSortLabels[key]}
          </option>
        ))}
      </select>
    </label>
  );
}

function RetailerSelect({ retailers, value, onChange }: { retailers: readonly WalletRetailer[]; value: number; onChange: (id: number) => void }) {
  return (
    <label className={css.field}>
      <span className={css.label}>Retailer</span>
      <select className={css.input} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {retailers.map((r) => (
          <option key={r.location_id} value={r.location_id}>
            {r.vendor_name}
          </option>
        ))}
      </select>
    </label>
  );
}

function FilterPanel(props: {
  draft: WalletFilters;
  retailers: readonly WalletRetailer[];
  onSort: (sort: WalletSortKey) => void;
  onRetailer: (id: number) => void;
  onApply: () => void;
  onCancel: () => void;
}) {
  return (
    <section className={css.filterPanel} aria-label="Filter">
      <SortSelect value={props.draft.sort} onChange={props.onSort} />
      <RetailerSelect retailers={props.retailers} value={props.draft.retailerId} onChange={props.onRetailer} />
      <div className={css.panelActions}>
        <button type="button" className={primaryButton} onClick={props.onApply}>
          Apply
        </button>
        <button type="button" className={secondaryButton} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

function ProductCard({ product, canAdd, onAdd }: { product: WalletProduct; canAdd: (sizeId: number) => boolean; onAdd: (sizeId: number) => void }) {
  // Which size the card shows: a display choice; ADD TO CART sends it to the machine.
  const [sizeId, setSizeId] = useState(product.child[0]?.id);
  const size = product.child.find((c) => c.id === sizeId) ?? product.child[0];
  const sizeText = (bottleSize: number) => (bottleSize > 0 ? formatSize(bottleSize, product.size_unit) : 'One size');
  return (
    <article className={css.product} aria-label={product.prod_name}>
      <img className={css.image} src={product.image} alt="" />
      <h2 className={css.productName}>{product.prod_name}</h2>
      <dl className={css.facts}>
        <dt className={css.factName}>Size</dt>
        <dd className={css.factValue}>
          {product.child.length > 1 ? (
            <select
              className={css.input}
              aria-label={`Size of ${product.prod_name}`}
              value={size?.id}
              onChange={(e) => setSizeId(Number(e.target.value))}
            >
              {product.child.map((c) => (
                <option key={c.id} value={c.id}>
                  {sizeText(c.bottle_size)}
                </option>
              ))}
            </select>
          ) : (
            (size && sizeText(size.bottle_size)) || '—'
          )}
        </dd>
        <dt className={css.factName}>Price</dt>
        <dd className={css.factValue}>{size ? walletPriceText(size.price) : '—'}</dd>
        <dt className={css.factName}>Sizes available</dt>
        <dd className={css.factValue}>{product.child.length > 0 ? product.child.map((c) => sizeText(c.bottle_size)).join(', ') : 'None here'}</dd>
        <dt className={css.factName}>{walletTexts.availableInWallet}</dt>
        <dd className={css.factValue}>{walletHoldingText(product.available_wallet, product.unit, product.wallet_worth)}</dd>
        <dt className={css.factName}>{walletTexts.redeemableHere}</dt>
        <dd className={css.factValue}>{formatWalletAmount(product.redeamable_here, product.unit)}</dd>
      </dl>
      <button type="button" className={primaryButton} disabled={!size || !canAdd(size.id)} onClick={() => size && onAdd(size.id)}>
        {walletTexts.addToCart}
      </button>
    </article>
  );
}
