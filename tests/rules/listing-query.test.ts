import { unstable_serialize } from 'swr';
import { describe, expect, it } from 'vitest';
import { homepageRequestQuery } from '../../src/api/home.api.ts';
import { homepageKey } from '../../src/api/home.swr.ts';
import { listingKey } from '../../src/api/page-listing.ts';
import { productCardPath } from '../../src/rules/product-path.ts';
import {
  emptyListingQuery,
  filterGroups,
  findCategoryByName,
  hasActiveFilters,
  isFilterChecked,
  isFilterParameter,
  listingQueryString,
  listingRequest,
  parseCategoryId,
  parseListingQuery,
  searchRequest,
  withClearAll,
  withFilterToggled,
  withLimit,
  withPage,
  withSearchText,
  withSort,
  cartVendors,
  categoryGridTitle,
  shopMorePath,
  parseVendorLocId,
  withCartVendors,
  withVendorQuery,
  type ListingArea,
  type ListingQueryState,
} from '../../src/rules/listing-query.ts';

const own = 12;
const area: ListingArea = { zipcode: '10001', loc_id: 3, courier_type: 'local' };

function state(overrides: Partial<ListingQueryState> = {}): ListingQueryState {
  return { ...emptyListingQuery, ...overrides };
}

describe('parseListingQuery', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseListingQuery('')).toEqual({ page: 0, limit: 20, priceranges: [], size: [], catid: [], vendor: [] });
    expect(parseListingQuery('?')).toEqual(emptyListingQuery);
  });

  it('reads every field, with or without the leading ?', () => {
    const expected: ListingQueryState = {
      q: 'salmon',
      sort: 'price_desc',
      page: 3,
      limit: 50,
      priceranges: ['10-25'],
      size: [500, 1000],
      catid: [14],
      vendor: [1, 9],
    };
    const text = 'q=salmon&sort=price_desc&page=3&limit=50&priceranges=10-25&size=500&size=1000&catid=14&vendor=1&vendor=9';
    expect(parseListingQuery(text)).toEqual(expected);
    expect(parseListingQuery(`?${text}`)).toEqual(expected);
    expect(parseListingQuery(new URLSearchParams(text))).toEqual(expected);
  });

  it('ignores an unknown sort and a blank one', () => {
    expect(parseListingQuery('sort=popularity').sort).toBeUndefined();
    expect(parseListingQuery('sort=').sort).toBeUndefined();
    expect(parseListingQuery('sort=NAME_ASC').sort).toBeUndefined();
    expect('sort' in parseListingQuery('sort=bogus')).toBe(false);
  });

  it('falls back to page 0 for a negative, fractional, huge or non-numeric page', () => {
    for (const page of ['-1', '-0', '1.5', 'abc', '', '1e3', '99999999999', '0x10']) {
      expect(parseListingQuery(`page=${page}`).page).toBe(0);
    }
    expect(parseListingQuery('page=7').page).toBe(7);
    expect(parseListingQuery('page=%207%20').page).toBe(7);
  });

  it('falls back to 20 for a limit other than 10, 20 or 50', () => {
    for (const limit of ['30', '0', '-10', '100', 'ten', '', '20.5']) expect(parseListingQuery(`limit=${limit}`).limit).toBe(20);
    expect(parseListingQuery('limit=10').limit).toBe(10);
    expect(parseListingQuery('limit=50').limit).toBe(50);
  });

  it('keeps only well-formed filter values, without duplicates, in a stable order', () => {
    const parsed = parseListingQuery(
      'size=1000&size=abc&size=250&size=-5&size=1000&size=2.5&catid=9&catid=0&catid=x&catid=4&catid=9' +
        '&priceranges=200-&priceranges=cheap&priceranges=0-10&priceranges=25-10&priceranges=10-25&priceranges=0-10',
    );
    expect(parsed.size).toEqual([250, 1000]);
    expect(parsed.catid).toEqual([4, 9]);
    // Price order, not text order ('200-' sorts before '25-50' as text).
    expect(parsed.priceranges).toEqual(['0-10', '10-25', '200-']);
  });

  it('caps the number of values per filter', () => {
    const many = Array.from({ length: 80 }, (_, i) => `size=${i + 1}`).join('&');
    expect(parseListingQuery(many).size).toHaveLength(50);
  });

  it('trims the search text and drops a blank one', () => {
    expect(parseListingQuery('q=%20%20prawns%20').q).toBe('prawns');
    expect(parseListingQuery('q=%20%20').q).toBeUndefined();
    expect(parseListingQuery('q=').q).toBeUndefined();
    expect(parseListingQuery(`q=${'a'.repeat(300)}`).q).toHaveLength(100);
  });

  it('reads the first of repeated single-value keys', () => {
    expect(parseListingQuery('sort=name_desc&sort=price_asc&page=2&page=5').sort).toBe('name_desc');
    expect(parseListingQuery('page=2&page=5').page).toBe(2);
  });
});

describe('listingQueryString', () => {
  it('is empty for the defaults', () => {
    expect(listingQueryString(emptyListingQuery)).toBe('');
    expect(listingQueryString(state({ sort: undefined, q: '  ' }))).toBe('');
  });

  it('writes keys in a fixed order with one key per chosen value', () => {
    const text = listingQueryString(
      state({ catid: [14, 13], size: [1000, 500], priceranges: ['10-25', '0-10'], limit: 50, page: 2, sort: 'name_asc', q: 'cod' }),
    );
    expect(text).toBe('q=cod&sort=name_asc&page=2&limit=50&priceranges=0-10&priceranges=10-25&size=500&size=1000&catid=13&catid=14');
  });

  it('leaves out page 0 and limit 20', () => {
    expect(listingQueryString(state({ page: 0, limit: 20, size: [500] }))).toBe('size=500');
    expect(listingQueryString(state({ limit: 10 }))).toBe('limit=10');
  });

  it('encodes search text safely', () => {
    expect(listingQueryString(state({ q: 'fish & chips' }))).toBe('q=fish+%26+chips');
    expect(parseListingQuery(listingQueryString(state({ q: 'fish & chips' }))).q).toBe('fish & chips');
  });

  it('round-trips any normalised state', () => {
    const states: ListingQueryState[] = [
      emptyListingQuery,
      state({ sort: 'price_asc' }),
      state({ page: 4, limit: 10 }),
      state({ priceranges: ['0-10', '50-100', '200-'], size: [250, 500], catid: [13, 15] }),
      state({ q: 'king prawns', sort: 'name_desc', page: 1, limit: 50 }),
    ];
    for (const s of states) expect(parseListingQuery(listingQueryString(s))).toEqual(s);
  });

  it('normalises a messy query to one canonical form', () => {
    const messy = 'catid=9&size=500&limit=20&page=0&size=250&sort=zzz&catid=4&size=500';
    expect(listingQueryString(parseListingQuery(messy))).toBe('size=250&size=500&catid=4&catid=9');
    const canonical = listingQueryString(parseListingQuery(messy));
    expect(listingQueryString(parseListingQuery(canonical))).toBe(canonical);
  });
});

describe('withFilterToggled', () => {
  it('checks and unchecks a size, back to page 0', () => {
    const on = withFilterToggled(state({ page: 5 }), 'size', '500', own);
    expect(on).toEqual(state({ size: [500] }));
    const two = withFilterToggled({ ...on, page: 3 }, 'size', '250', own);
    expect(two.size).toEqual([250, 500]);
    expect(two.page).toBe(0);
    expect(withFilterToggled(two, 'size', '500', own).size).toEqual([250]);
  });

  it('checks and unchecks a price range, back to page 0', () => {
    const on = withFilterToggled(state({ page: 2 }), 'priceranges', '10-25', own);
    expect(on).toEqual(state({ priceranges: ['10-25'] }));
    expect(withFilterToggled(on, 'priceranges', '0-10', own).priceranges).toEqual(['0-10', '10-25']);
    expect(withFilterToggled(on, 'priceranges', '10-25', own).priceranges).toEqual([]);
  });

  it('keeps sort, limit and search text', () => {
    const before = state({ sort: 'price_asc', limit: 50, q: 'beef', page: 3 });
    expect(withFilterToggled(before, 'size', '1000', own)).toEqual({ ...before, page: 0, size: [1000] });
  });

  it('ignores values the parameter cannot hold and parameters it does not know', () => {
    const before = state({ page: 3, size: [500] });
    expect(withFilterToggled(before, 'size', 'big', own)).toBe(before);
    expect(withFilterToggled(before, 'priceranges', 'cheap', own)).toBe(before);
    expect(withFilterToggled(before, 'catid', '0', own)).toBe(before);
    expect(withFilterToggled(before, 'catid', '-4', own)).toBe(before);
    expect(withFilterToggled(before, 'brand', '7', own)).toBe(before);
  });

  describe("'Shop All' (the page's own category)", () => {
    it('is checked while no sub-category is', () => {
      expect(isFilterChecked(state(), 'catid', String(own), own)).toBe(true);
      expect(isFilterChecked(state({ catid: [13] }), 'catid', String(own), own)).toBe(false);
      expect(isFilterChecked(state({ catid: [13] }), 'catid', '13', own)).toBe(true);
      // An own id that found its way into the URL still reads as Shop All.
      expect(isFilterChecked(state({ catid: [own] }), 'catid', String(own), own)).toBe(true);
    });

    it('is deselected by choosing a sub-category', () => {
      const next = withFilterToggled(state({ page: 4 }), 'catid', '13', own);
      expect(next.catid).toEqual([13]);
      expect(next.page).toBe(0);
      expect(isFilterChecked(next, 'catid', String(own), own)).toBe(false);
    });

    it('stays deselected with more than one sub-category, and the own id never lingers', () => {
      const next = withFilterToggled(state({ catid: [own, 13] }), 'catid', '15', own);
      expect(next.catid).toEqual([13, 15]);
    });

    it('clears the sub-categories when chosen', () => {
      const next = withFilterToggled(state({ catid: [13, 15], size: [500], page: 2 }), 'catid', String(own), own);
      expect(next).toEqual(state({ size: [500] }));
      expect(isFilterChecked(next, 'catid', String(own), own)).toBe(true);
    });

    it('comes back when the last sub-category is unchecked', () => {
      const next = withFilterToggled(state({ catid: [13] }), 'catid', '13', own);
      expect(next.catid).toEqual([]);
      expect(isFilterChecked(next, 'catid', String(own), own)).toBe(true);
    });

    it('choosing it again when already chosen changes nothing but the page', () => {
      expect(withFilterToggled(state({ page: 3 }), 'catid', String(own), own)).toEqual(state());
    });

    it('without an own category (search), every catid is an ordinary value', () => {
      expect(withFilterToggled(state(), 'catid', '12', undefined).catid).toEqual([12]);
    });
  });

  it('reports checked options for each parameter', () => {
    const s = state({ priceranges: ['10-25'], size: [500], catid: [13] });
    expect(isFilterChecked(s, 'priceranges', '10-25', own)).toBe(true);
    expect(isFilterChecked(s, 'priceranges', '0-10', own)).toBe(false);
    expect(isFilterChecked(s, 'size', '500', own)).toBe(true);
    expect(isFilterChecked(s, 'size', 'x', own)).toBe(false);
    expect(isFilterChecked(s, 'brand', '500', own)).toBe(false);
  });

  it('knows the filter parameters it can send', () => {
    expect(['priceranges', 'size', 'catid'].every(isFilterParameter)).toBe(true);
    expect(isFilterParameter('brand')).toBe(false);
    expect(isFilterParameter(1)).toBe(false);
  });
});

describe('withClearAll', () => {
  it("keeps only the page's own category, sort and page size", () => {
    const before = state({ sort: 'name_desc', limit: 50, page: 6, priceranges: ['0-10'], size: [250], catid: [13, 15] });
    const after = withClearAll(before, own);
    expect(after).toEqual(state({ sort: 'name_desc', limit: 50 }));
    expect(isFilterChecked(after, 'catid', String(own), own)).toBe(true);
    expect(hasActiveFilters(after, own)).toBe(false);
  });
});

describe('sort, page, page size and search text', () => {
  it('sorts from the first page and ignores unknown keys', () => {
    expect(withSort(state({ page: 4 }), 'price_desc')).toEqual(state({ sort: 'price_desc' }));
    const before = state({ page: 4, sort: 'name_asc' });
    expect(withSort(before, 'popularity')).toBe(before);
    expect(withSort(before, '')).toEqual(state());
  });

  it('moves to a page and keeps everything else', () => {
    const before = state({ size: [500], sort: 'name_asc', limit: 10 });
    expect(withPage(before, 3)).toEqual({ ...before, page: 3 });
    expect(withPage(before, -1)).toBe(before);
    expect(withPage(before, 1.5)).toBe(before);
  });

  it('changes the page size from page 0 and refuses other sizes', () => {
    expect(withLimit(state({ page: 9 }), 50)).toEqual(state({ limit: 50 }));
    const before = state({ page: 9 });
    expect(withLimit(before, 30)).toBe(before);
  });

  it('starts a new search at page 0, keeping sort and page size', () => {
    expect(withSearchText(state({ q: 'cod', page: 3, sort: 'price_asc', limit: 50 }), '  salmon ')).toEqual(
      state({ q: 'salmon', sort: 'price_asc', limit: 50 }),
    );
    expect(withSearchText(state({ q: 'cod' }), '   ').q).toBeUndefined();
  });
});

describe('hasActiveFilters', () => {
  it('is true for any chosen price, size or sub-category', () => {
    expect(hasActiveFilters(state())).toBe(false);
    expect(hasActiveFilters(state({ sort: 'name_asc', page: 3, limit: 50 }))).toBe(false);
    expect(hasActiveFilters(state({ priceranges: ['0-10'] }))).toBe(true);
    expect(hasActiveFilters(state({ size: [500] }))).toBe(true);
    expect(hasActiveFilters(state({ catid: [13] }))).toBe(true);
  });

  it("does not count the page's own category", () => {
    expect(hasActiveFilters(state({ catid: [own] }), own)).toBe(false);
    expect(hasActiveFilters(state({ catid: [own, 13] }), own)).toBe(true);
  });
});

describe('listingRequest', () => {
  it('asks GET /connect/index/category when no filter is chosen', () => {
    expect(listingRequest(state({ sort: 'price_asc', page: 2, limit: 50 }), area, own)).toEqual({
      method: 'GET',
      path: '/connect/index/category',
      query: { catid: own, zipcode: '10001', loc_id: 3, courier_type: 'local', page: 2, limit: 50, sort: 'price_asc' },
    });
  });

  it("treats only the page's own category as no filter", () => {
    expect(listingRequest(state({ catid: [own] }), area, own).method).toBe('GET');
  });

  it('asks POST /connect/index/filters with every filter array once one is chosen', () => {
    const request = listingRequest(state({ size: [500], priceranges: ['10-25'], catid: [own, 13], page: 1 }), area, own);
    expect(request).toEqual({
      method: 'POST',
      path: '/connect/index/filters',
      body: {
        parent_category_id: own,
        zipcode: '10001',
        loc_id: 3,
        courier_type: 'local',
        page: 1,
        limit: 20,
        sort: undefined,
        priceranges: ['10-25'],
        size: [500],
        catid: [13],
        vendor: [],
      },
    });
  });

  it('asks the filters call with the vendor ids when only a vendor is chosen', () => {
    const request = listingRequest(state({ vendor: [9, 1] }), area, own);
    expect(request.method).toBe('POST');
    expect(request.method === 'POST' && request.body.vendor).toEqual([9, 1]);
  });

  it('leaves courier_type and sort undefined when not chosen (the client then omits them)', () => {
    const request = listingRequest(state(), { zipcode: '10001', loc_id: 3 }, own);
    expect(request.method === 'GET' && request.query.courier_type).toBeUndefined();
    expect(request.method === 'GET' && request.query.sort).toBeUndefined();
  });
});

describe('the chosen restaurant (Dine-In and Pick-Up) in listing and search requests and their SWR keys', () => {
  const dineIn = (restaurant: number | undefined): ListingArea => ({
    zipcode: '10001',
    loc_id: 101,
    courier_type: 'dine-in',
    vendor_location_id: restaurant,
  });
  const keyOf = (request: unknown) => unstable_serialize(listingKey(request));

  it('carries the restaurant in the category, filters and search calls for a visit speed', () => {
    const plain = listingRequest(state(), dineIn(401), own);
    expect(plain.method === 'GET' && plain.query.vendor_location_id).toBe(401);
    const filtered = listingRequest(state({ size: [500] }), { ...dineIn(402), courier_type: 'pickup' }, own);
    expect(filtered.method === 'POST' && filtered.body.vendor_location_id).toBe(402);
    expect(searchRequest(state({ q: 'steak' }), dineIn(401))?.query.vendor_location_id).toBe(401);
  });

  it('keys each restaurant apart, so no card shows the other restaurant’s price after a switch', () => {
    expect(keyOf(listingRequest(state(), dineIn(401), own))).not.toBe(keyOf(listingRequest(state(), dineIn(402), own)));
    expect(keyOf(listingRequest(state(), dineIn(401), own))).toBe(keyOf(listingRequest(state(), dineIn(401), own)));
    const search = (restaurant: number) => unstable_serialize(['search', searchRequest(state({ q: 'steak' }), dineIn(restaurant))]);
    expect(search(401)).not.toBe(search(402));
  });

  it("carries it in the store home's call and SWR key: each restaurant's carousels apart, a delivery speed without it", () => {
    expect(homepageRequestQuery(dineIn(401))).toEqual({ zipcode: '10001', loc_id: 101, courier_type: 'dine-in', vendor_location_id: 401 });
    const home = (a: ListingArea) => unstable_serialize(homepageKey(a));
    expect(home(dineIn(401))).not.toBe(home(dineIn(402)));
    expect(home(dineIn(401))).not.toBe(home({ ...dineIn(401), courier_type: 'pickup' }));
    expect(home(dineIn(401))).toBe(home(dineIn(401)));
    expect(homepageRequestQuery({ ...area, vendor_location_id: 401 }).vendor_location_id).toBeUndefined();
    expect(home({ ...area, vendor_location_id: 401 })).toBe(home(area));
  });

  it('leaves the restaurant out for a delivery speed, which shows every seller of the area', () => {
    const request = listingRequest(state(), { ...area, vendor_location_id: 401 }, own);
    expect(request.method === 'GET' && request.query.vendor_location_id).toBeUndefined();
    expect(keyOf(request)).toBe(keyOf(listingRequest(state(), area, own)));
    expect(searchRequest(state({ q: 'steak' }), { ...area, vendor_location_id: 401 })?.query.vendor_location_id).toBeUndefined();
  });
});

describe('searchRequest', () => {
  it('carries q in the query and the body with the area, page, limit and sort', () => {
    expect(searchRequest(state({ q: ' salmon ', page: 1, limit: 10, sort: 'name_asc' }), area)).toEqual({
      query: { q: 'salmon', zipcode: '10001', loc_id: 3, courier_type: 'local', page: 1, limit: 10, sort: 'name_asc' },
      body: { q: 'salmon' },
    });
  });

  it('asks nothing for blank text', () => {
    expect(searchRequest(state(), area)).toBeUndefined();
    expect(searchRequest(state({ q: '  ' }), area)).toBeUndefined();
  });
});

describe('category routes', () => {
  it('reads a category id only from digits', () => {
    expect(parseCategoryId('1017')).toBe(1017);
    for (const bad of [undefined, '', 'abc', '12a', '-3', '0', '1.5', ' 12', '99999999999']) expect(parseCategoryId(bad)).toBeUndefined();
  });

  it('finds a category by name at any depth, ignoring case, top level first', () => {
    const tree = [
      { category_id: 1, category_name: 'Beef', child: [{ category_id: 11, category_name: 'Steaks', child: [] }] },
      {
        category_id: 2,
        category_name: 'Fish',
        child: [{ category_id: 21, category_name: 'Salmon', child: [{ category_id: 211, category_name: 'Beef', child: [] }] }],
      },
    ];
    expect(findCategoryByName(tree, 'beef')?.category_id).toBe(1);
    expect(findCategoryByName(tree, 'STEAKS')?.category_id).toBe(11);
    expect(findCategoryByName(tree, ' salmon ')?.category_id).toBe(21);
    expect(findCategoryByName(tree, 'Lamb')).toBeUndefined();
    expect(findCategoryByName(tree, '')).toBeUndefined();
  });
});

describe('filterGroups', () => {
  it('groups by name in the server order and leaves out parameters the listing cannot send', () => {
    const groups = filterGroups([
      { name: 'Price', parameter: 'priceranges', options: [{ label: 'Under $10', value: '0-10' }] },
      { name: 'Brand', parameter: 'brand', options: [{ label: 'Joe', value: '1' }] },
      { name: 'Size', parameter: 'size', options: [{ label: '500 g', value: '500' }] },
      { name: 'Price', parameter: 'priceranges', options: [{ label: '$10 - $25', value: '10-25' }] },
      { name: 'Category', parameter: 'catid', options: [] },
    ]);
    expect(groups.map((g) => g.name)).toEqual(['Price', 'Size']);
    expect(groups[0]?.options.map((o) => o.option.value)).toEqual(['0-10', '10-25']);
    expect(groups[1]?.options[0]?.parameter).toBe('size');
  });
});

describe('the vendor filter (spec 3: added from the cart)', () => {
  it('reads vendor ids from the URL, positive whole numbers only, sorted and once each', () => {
    expect(parseListingQuery('vendor=9&vendor=1&vendor=9&vendor=0&vendor=x&vendor=-2').vendor).toEqual([1, 9]);
    expect(listingQueryString(state({ vendor: [9, 1] }))).toBe('vendor=1&vendor=9');
  });

  it('toggles a vendor from page 0, shows it checked, and counts as a filter', () => {
    const next = withFilterToggled(state({ page: 3, size: [500] }), 'vendor', '9', own);
    expect(next).toEqual(state({ size: [500], vendor: [9] }));
    expect(isFilterChecked(next, 'vendor', '9', own)).toBe(true);
    expect(isFilterChecked(next, 'vendor', '1', own)).toBe(false);
    expect(hasActiveFilters(state({ vendor: [9] }), own)).toBe(true);
    expect(withFilterToggled(next, 'vendor', '9', own)).toEqual(state({ size: [500] }));
    const before = state({ vendor: [9] });
    expect(withFilterToggled(before, 'vendor', 'abc', own)).toBe(before);
    expect(isFilterParameter('vendor')).toBe(true);
  });

  it('is cleared by Clear All', () => {
    expect(withClearAll(state({ vendor: [1], page: 2 }), own)).toEqual(state());
  });

  it("lists the cart's sellers once each, by name, without wallet redemptions", () => {
    const lines = [
      { vendor_id: 9, vendor_name: 'ColdChain Express' },
      { vendor_id: 1, vendor_name: 'Hudson Street Butchers' },
      { vendor_id: 9, vendor_name: 'ColdChain Express' },
      { vendor_id: 13, vendor_name: 'Hudson Prime Steakhouse', wallet: true },
    ];
    expect(cartVendors(lines)).toEqual([
      { id: 9, name: 'ColdChain Express' },
      { id: 1, name: 'Hudson Street Butchers' },
    ]);
  });

  it("adds the cart's sellers as a Vendor group, merged with the vendors the reply names", () => {
    const category = { id: 3, name: 'Category', parameter: 'catid', options: [{ label: 'Shop All', value: '12' }] };
    expect(withCartVendors([category], [])).toEqual([category]);
    expect(withCartVendors([category], [{ id: 1, name: 'Hudson Street Butchers' }])).toEqual([
      category,
      { id: 4, name: 'Vendor', parameter: 'vendor', options: [{ label: 'Hudson Street Butchers', value: '1' }] },
    ]);
    const named = { id: 4, name: 'Vendor', parameter: 'vendor', options: [{ label: 'High Plains Ranch', value: '11' }] };
    const merged = withCartVendors(
      [category, named],
      [
        { id: 11, name: 'High Plains Ranch' },
        { id: 1, name: 'Hudson Street Butchers' },
      ],
    );
    expect(merged[1]?.options).toEqual([
      { label: 'High Plains Ranch', value: '11' },
      { label: 'Hudson Street Butchers', value: '1' },
    ]);
    expect(filterGroups(merged).map((g) => g.name)).toEqual(['Category', 'Vendor']);
  });

  it('links the cart to the categories with the vendor chosen, and the grid passes it on', () => {
    expect(shopMorePath(1)).toBe('/category/ALL?vendor=1');
    // With the category the seller's lines come from: that listing, the seller chosen in its Vendor filter.
    expect(shopMorePath(1, { id: 1002, name: 'Beef' })).toBe('/store/category/Beef/Beef/1002?vendor=1');
    expect(productCardPath(7)).toBe('/store/7');
    expect(productCardPath(7, 101)).toBe('/store/7?vendor_loc_id=101');
    expect(parseVendorLocId('?vendor_loc_id=101')).toBe(101);
    for (const bad of ['', '?vendor_loc_id=0', '?vendor_loc_id=-1', '?vendor_loc_id=abc', '?vendor_loc_id=1.5'])
      expect(parseVendorLocId(bad)).toBeUndefined();
    expect(withVendorQuery('/store/category/Beef/Beef/1002', [9, 1])).toBe('/store/category/Beef/Beef/1002?vendor=1&vendor=9');
    expect(withVendorQuery('/store/category/Beef/Beef/1002', [])).toBe('/store/category/Beef/Beef/1002');
    const vendors = [{ id: 1, name: 'Hudson Street Butchers' }];
    expect(categoryGridTitle([1], vendors)).toBe('Shop more from Hudson Street Butchers');
    expect(categoryGridTitle([2], vendors)).toBe('Shop by category');
    expect(categoryGridTitle([], vendors)).toBe('Shop by category');
  });
});
