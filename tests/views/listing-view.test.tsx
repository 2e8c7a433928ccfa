// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ListingFilter, ListingReply } from '../../src/api/contract/catalogue.contract.ts';
import type { ProductSummary } from '../../src/api/contract/product-summary.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { emptyListingQuery, type ListingQueryState } from '../../src/rules/listing-query.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { ListingView, type ListingViewProps } from '../../src/views/store/listing/listing-view.tsx';

const ownCategoryId = 12;

const filters: ListingFilter[] = [
  {
    id: 1,
    name: 'Price',
    parameter: 'priceranges',
    options: [
      { label: 'Under $10', value: '0-10' },
      { label: '$10 - $25', value: '10-25' },
    ],
  },
  {
    id: 2,
    name: 'Size',
    parameter: 'size',
    options: [
      { label: '500 g', value: '500' },
      { label: '1 kg', value: '1000' },
    ],
  },
  {
    id: 3,
    name: 'Category',
    parameter: 'catid',
    options: [
      { label: 'Shop All', value: String(ownCategoryId) },
      { label: 'Salmon', value: '13', children: [{ label: 'Smoked Salmon', value: '131' }] },
      { label: 'Cod', value: '14' },
    ],
  },
];

function product(id: number, name: string, ageRestricted = false): ProductSummary {
  return {
    id,
    name,
    image: `/media/${id}.jpg`,
    child: [{ id: id * 10, bottle_size: ageRestricted ? 750 : 500, price: '12.50' }],
    speed_types: ['local'],
    age_restricted: ageRestricted,
    size_unit: ageRestricted ? 'ml' : 'g',
  };
}

function reply(overrides: { page?: number; totalPages?: number; products?: ProductSummary[] } = {}): ListingReply {
  const products = overrides.products ?? [product(1, 'Atlantic Salmon Fillet'), product(2, 'Cod Loin')];
  const totalPages = overrides.totalPages ?? 1;
  return {
    code: 1,
    data: {
      products,
      filters,
      pagination: { total_records: totalPages * 20, total_page: totalPages, limit: 20, current_page: overrides.page ?? 0 },
    },
  };
}

function state(overrides: Partial<ListingQueryState> = {}): ListingQueryState {
  return { ...emptyListingQuery, ...overrides };
}

/** A guest's session unless told: the cards read the customer's identity from it. */
function renderView(props: Partial<ListingViewProps> = {}, stored: SessionValues = { zipcode: '10001', location: 101 }) {
  const onChange = vi.fn<(next: ListingQueryState) => void>();
  const session = createActor(sessionMachine, { input: stored }).start();
  const notifications = createActor(notificationsMachine).start();
  render(
    <AppActorsContext.Provider value={{ session, notifications }}>
      <MemoryRouter>
        <ListingView title="Fish" state={state()} reply={reply()} isLoading={false} ownCategoryId={ownCategoryId} onChange={onChange} {...props} />
      </MemoryRouter>
    </AppActorsContext.Provider>,
  );
  return onChange;
}

/** The panel on the page (the sheet, when open, is a dialog of its own). */
function panel() {
  return within(screen.getByRole('complementary', { name: 'Filters' }));
}

function lastChange(onChange: ReturnType<typeof renderView>): ListingQueryState | undefined {
  return onChange.mock.calls.at(-1)?.[0];
}

afterEach(cleanup);

describe('ListingView', () => {
  it('shows the title and the products as cards', () => {
    renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Fish' })).toBeTruthy();
    const grid = screen.getByRole('list', { name: 'Products' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(grid)
        .getByRole('link', { name: /Atlantic Salmon Fillet/ })
        .getAttribute('href'),
    ).toBe('/store/1');
  });

  it("marks an age-restricted product's card '21+' with a line about verification; food cards carry no mark", () => {
    renderView({ reply: reply({ products: [product(1, 'Atlantic Salmon Fillet'), product(3, 'Junmai Ginjo Sake', true)] }) });
    const grid = screen.getByRole('list', { name: 'Products' });
    const sake = within(within(grid).getByRole('link', { name: /Junmai Ginjo Sake/ }));
    expect(sake.getByRole('img', { name: '21 and over' }).textContent).toBe('21+');
    expect(sake.getByText(/verify your identity/)).toBeTruthy();
    const salmon = within(within(grid).getByRole('link', { name: /Atlantic Salmon Fillet/ }));
    expect(salmon.queryByRole('img', { name: '21 and over' })).toBeNull();
  });

  it('does not ask a verified customer to verify: the card says over 21 only (QA walk 4 #5)', () => {
    const verified: SessionValues = { zipcode: '10001', location: 101, Token: 't', cust_name: 'Fay', verification_id: 'KYC-1' };
    renderView({ reply: reply({ products: [product(3, 'Junmai Ginjo Sake', true)] }) }, verified);
    const sake = within(within(screen.getByRole('list', { name: 'Products' })).getByRole('link', { name: /Junmai Ginjo Sake/ }));
    expect(sake.getByRole('img', { name: '21 and over' }).textContent).toBe('21+');
    expect(sake.getByText('Over 21 only')).toBeTruthy();
    expect(sake.queryByText(/verify/i)).toBeNull();
    cleanup();
    // A customer signed in but not verified is still asked.
    renderView({ reply: reply({ products: [product(3, 'Junmai Ginjo Sake', true)] }) }, { ...verified, verification_id: undefined });
    expect(screen.getByText('Over 21 only: verify your identity to order.')).toBeTruthy();
  });

  it("offers the spec's sort labels and sorts from the first page", () => {
    const onChange = renderView({ state: state({ page: 3 }) });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    const labels = within(sort)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toEqual(['Featured', 'Name- A to Z', 'Name- Z to A', 'Price- High to Low', 'Price- Low to High']);
    fireEvent.change(sort, { target: { value: 'price_desc' } });
    expect(lastChange(onChange)).toEqual(state({ sort: 'price_desc', page: 0 }));
  });

  it('shows the chosen sort', () => {
    renderView({ state: state({ sort: 'name_desc' }) });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort instanceof HTMLSelectElement && sort.value).toBe('name_desc');
  });

  it('offers page sizes 10, 20 and 50 and changes size from page 0', () => {
    const onChange = renderView({ state: state({ page: 2 }) });
    const show = screen.getByRole('combobox', { name: 'Show' });
    expect(
      within(show)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50']);
    expect(show instanceof HTMLSelectElement && show.value).toBe('20');
    fireEvent.change(show, { target: { value: '50' } });
    expect(lastChange(onChange)).toEqual(state({ limit: 50, page: 0 }));
  });

  it('groups filters by name with a checkbox per option', () => {
    renderView();
    for (const name of ['Price', 'Size', 'Category']) expect(panel().getByRole('group', { name })).toBeTruthy();
    const size = within(panel().getByRole('group', { name: 'Size' }));
    expect(size.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['500 g', '1 kg']);
    const category = within(panel().getByRole('group', { name: 'Category' }));
    expect(category.getByRole('checkbox', { name: 'Shop All' })).toHaveProperty('checked', true);
    expect(category.getByRole('checkbox', { name: 'Smoked Salmon' })).toBeTruthy();
  });

  it('calls back with the filter on and the page reset to 0 when a checkbox is clicked', () => {
    const onChange = renderView({ state: state({ page: 4, sort: 'name_asc' }) });
    fireEvent.click(panel().getByRole('checkbox', { name: '500 g' }));
    expect(lastChange(onChange)).toEqual(state({ size: [500], page: 0, sort: 'name_asc' }));
    fireEvent.click(panel().getByRole('checkbox', { name: '$10 - $25' }));
    expect(lastChange(onChange)).toEqual(state({ priceranges: ['10-25'], page: 0, sort: 'name_asc' }));
  });

  it("deselects 'Shop All' when a sub-category is chosen, and choosing 'Shop All' clears them", () => {
    const onChange = renderView({ state: state({ page: 2 }) });
    fireEvent.click(panel().getByRole('checkbox', { name: 'Cod' }));
    expect(lastChange(onChange)).toEqual(state({ catid: [14] }));
    cleanup();

    const again = renderView({ state: state({ catid: [13, 14] }) });
    expect(panel().getByRole('checkbox', { name: 'Shop All' })).toHaveProperty('checked', false);
    expect(panel().getByRole('checkbox', { name: 'Salmon' })).toHaveProperty('checked', true);
    fireEvent.click(panel().getByRole('checkbox', { name: 'Shop All' }));
    expect(lastChange(again)).toEqual(state({ catid: [] }));
  });

  it("offers the cart's sellers as a Vendor group; a choice is sent from page 0 and shows checked", () => {
    const cartVendors = [
      { id: 9, name: 'ColdChain Express' },
      { id: 1, name: 'Hudson Street Butchers' },
    ];
    const onChange = renderView({ state: state({ page: 3 }), cartVendors });
    const vendor = within(panel().getByRole('group', { name: 'Vendor' }));
    expect(vendor.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['ColdChain Express', 'Hudson Street Butchers']);
    fireEvent.click(vendor.getByRole('checkbox', { name: 'Hudson Street Butchers' }));
    expect(lastChange(onChange)).toEqual(state({ vendor: [1] }));
    cleanup();

    renderView({ state: state({ vendor: [1] }), cartVendors });
    expect(panel().getByRole('checkbox', { name: 'Hudson Street Butchers' })).toHaveProperty('checked', true);
    expect(panel().getByRole('checkbox', { name: 'ColdChain Express' })).toHaveProperty('checked', false);
  });

  it("under a vendor filter, a card shows the seller's price and opens the product with that seller's offer", () => {
    const theirs: ProductSummary = {
      ...product(1, 'Atlantic Salmon Fillet'),
      child: [{ id: 10, bottle_size: 500, price: '17.00' }],
      vendor_loc_id: 201,
    };
    renderView({ state: state({ vendor: [9] }), reply: reply({ products: [theirs, product(2, 'Cod Loin')] }) });
    const card = screen.getByRole('link', { name: /Atlantic Salmon Fillet/ });
    expect(card.getAttribute('href')).toBe('/store/1?vendor_loc_id=201');
    expect(within(card).getByText('$17.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Cod Loin/ }).getAttribute('href')).toBe('/store/2');
  });

  it('has no Vendor group with an empty cart unless the reply names the chosen vendor', () => {
    renderView();
    expect(panel().queryByRole('group', { name: 'Vendor' })).toBeNull();
    cleanup();

    const base = reply();
    const named: ListingReply = {
      ...base,
      data: base.data && {
        ...base.data,
        filters: [...filters, { id: 4, name: 'Vendor', parameter: 'vendor', options: [{ label: 'High Plains Ranch', value: '11' }] }],
      },
    };
    const onChange = renderView({ state: state({ vendor: [11], size: [500] }), reply: named });
    expect(panel().getByRole('checkbox', { name: 'High Plains Ranch' })).toHaveProperty('checked', true);
    fireEvent.click(panel().getByRole('button', { name: 'Clear All' }));
    expect(lastChange(onChange)).toEqual(state());
  });

  it("Clear All keeps only the page's own category, the sort and the page size", () => {
    const onChange = renderView({ state: state({ size: [500], catid: [13], priceranges: ['0-10'], page: 3, sort: 'price_asc', limit: 50 }) });
    fireEvent.click(panel().getByRole('button', { name: 'Clear All' }));
    expect(lastChange(onChange)).toEqual(state({ sort: 'price_asc', limit: 50 }));
  });

  it('keeps mobile filter choices in a draft until Apply, and drops them on Cancel', () => {
    const onChange = renderView({ state: state({ page: 1 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const sheet = within(screen.getByRole('dialog', { name: 'Filter' }));
    fireEvent.click(sheet.getByRole('checkbox', { name: '1 kg' }));
    fireEvent.click(sheet.getByRole('checkbox', { name: 'Under $10' }));
    expect(sheet.getByRole('checkbox', { name: '1 kg' })).toHaveProperty('checked', true);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(sheet.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(lastChange(onChange)).toEqual(state({ size: [1000], priceranges: ['0-10'] }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const second = within(screen.getByRole('dialog', { name: 'Filter' }));
    fireEvent.click(second.getByRole('checkbox', { name: 'Cod' }));
    fireEvent.click(second.getByRole('button', { name: 'Cancel' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's empty message, or 'This category contains no products'", () => {
    const empty = (message?: string): ListingReply => ({
      code: -1,
      ...(message ? { message } : {}),
      data: { products: [], filters, pagination: { total_records: 0, total_page: 0, limit: 20, current_page: 0 } },
    });
    renderView({ reply: empty() });
    expect(screen.getByText('This category contains no products')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();
    // The filters stay so a shopper can undo what left nothing.
    expect(panel().getByRole('button', { name: 'Clear All' })).toBeTruthy();
    cleanup();

    renderView({ reply: empty('No products match the selected filters.') });
    expect(screen.getByText('No products match the selected filters.')).toBeTruthy();
    cleanup();

    renderView({ reply: { code: -1 } });
    expect(screen.getByText('This category contains no products')).toBeTruthy();
  });

  it('shows a loading state before the first reply, and keeps the previous grid while the next loads', () => {
    renderView({ reply: undefined, isLoading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading products…');
    cleanup();

    renderView({ isLoading: true });
    expect(screen.getByRole('list', { name: 'Products' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the error message', () => {
    renderView({ reply: undefined, error: new Error('You are not connected to internet') });
    expect(screen.getByRole('alert').textContent).toBe('You are not connected to internet');
  });

  it('shows the pagination window with the current page marked', () => {
    const onChange = renderView({ state: state({ page: 9, size: [500] }), reply: reply({ page: 9, totalPages: 20 }) });
    const nav = within(screen.getByRole('navigation', { name: 'Pagination' }));
    const items = nav.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Previous', '1', '2', '…', '9', '10', '11', '…', '19', '20', 'Next']);
    expect(nav.getByRole('link', { name: '10' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: '11' }).getAttribute('aria-current')).toBeNull();
    // Real links to the page's query, so a page can open in a new tab.
    expect(nav.getByRole('link', { name: '11' }).getAttribute('href')).toBe('?page=10&size=500');
    expect(nav.getByRole('link', { name: '1' }).getAttribute('href')).toBe('?size=500');

    fireEvent.click(nav.getByRole('link', { name: 'Next' }));
    expect(lastChange(onChange)).toEqual(state({ page: 10, size: [500] }));
    fireEvent.click(nav.getByRole('link', { name: 'Previous' }));
    expect(lastChange(onChange)).toEqual(state({ page: 8, size: [500] }));
    fireEvent.click(nav.getByRole('link', { name: '20' }));
    expect(lastChange(onChange)).toEqual(state({ page: 19, size: [500] }));
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderView({ reply: reply({ totalPages: 3 }) });
    const nav = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(nav.getByRole('link', { name: 'Previous' }).getAttribute('aria-disabled')).toBe('true');
    expect(nav.getByRole('link', { name: 'Next' }).getAttribute('aria-disabled')).toBeNull();
    cleanup();

    renderView({ state: state({ page: 2 }), reply: reply({ page: 2, totalPages: 3 }) });
    const last = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(last.getByRole('link', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('has no pagination for a single page', () => {
    renderView();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('offers a way back from a page past the end', () => {
    const onChange = renderView({ state: state({ page: 7 }), reply: reply({ page: 7, totalPages: 2, products: [] }) });
    expect(screen.getByText('There are no products on this page.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(lastChange(onChange)).toEqual(state({ page: 0 }));
  });

  it('has no filter panel or Filter button for search', () => {
    renderView({ showFilters: false, ownCategoryId: undefined });
    expect(screen.queryByRole('complementary', { name: 'Filters' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Filter' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
