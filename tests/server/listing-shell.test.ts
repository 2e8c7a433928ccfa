import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReply } from '../../src/api/contract/catalogue.contract.ts';
import { pageListing, pageListingElementId, prerenderedListingCard } from '../../src/api/contract/page-listing.contract.ts';
import { areaFromCookieHeader } from '../../src/rules/area-cookie-header.ts';
import { areaCookieAssignment } from '../../src/rules/area-cookie.ts';
import { categoryListingOf } from '../../server/http/listing-shell.ts';
import { cacheLookups } from '../../server/services/platform/metrics.ts';
import { query } from './catalogue-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

/**
 * The listing's first cards drawn by the server for the area cookie (server/http/listing-shell.ts, decision 066). The
 * frame is the build's (vite build, dist/.shells/listing-frame.html) as it draws the listing section; the card's parts
 * are held to ProductCard's own markup by tests/views/listing-shell.test.tsx.
 */
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Meat and Fish</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const manifest = {
  'index.html': { file: 'assets/index-E1.js' },
  'src/views/store/listing/category-listing-page.tsx': { file: 'assets/category-listing-page-L1.js' },
};
const header = '<header><span>SHOPPING AT - <!-- -->PRERENDERED-ZIP</span></header>';
const listingSection = `<section class="_123j9f80" aria-labelledby="_R_2_"><header class="_123j9f81"><h1 id="_R_2_" class="_123j9f82">PRERENDERED-LISTING-TITLE</h1></header><div class="_123j9f83"><button type="button" class="_1s2m8by0 _123j9f86" aria-haspopup="dialog">Filter</button><div class="_123j9f84"><label for="_R_2H1_">Sort by</label><select id="_R_2H1_" class="_123j9f85"><option value="" selected="">Featured</option><option value="name_asc">Name- A to Z</option><option value="name_desc">Name- Z to A</option><option value="price_desc">Price- High to Low</option><option value="price_asc">Price- Low to High</option></select></div><div class="_123j9f84"><label for="_R_2H2_">Show</label><select id="_R_2H2_" class="_123j9f85"><option value="10">10</option><option value="20" selected="">20</option><option value="50">50</option></select></div></div><div class="_123j9f87"><aside class="_123j9f89" aria-label="Filters"><div class="g34s4d0"><div class="g34s4d1"><h2 class="g34s4d2">Filters</h2><button type="button" class="_1s2m8by4">Clear All</button></div><fieldset class="g34s4d3"><legend class="g34s4d4">Price</legend><ul class="g34s4d5"><li><label class="g34s4d7"><input readonly type="checkbox" class="g34s4d8"/>PRERENDERED-FILTER</label></li></ul></fieldset></div></aside><div class="_123j9f8a " aria-busy="false"><ul class="_123j9f8c" aria-label="Products"><li><a class="_1veaymb0" href="/store/987654321" data-discover="true"><img src="/media/products/prerendered-listing-card.svg" alt="" class="_1veaymb1" loading="lazy" width="300" height="300"/><span role="img" aria-label="21 and over" title="21 and over" class="_1bf08260">21+</span><span class="_1veaymb2">PRERENDERED-CARD-NAME</span><span class="_1bf08261">Over 21 only: verify your identity to order.</span><span class="_1veaymb3">$98,765.43</span><span class="_1veaymb4" data-testid="card-estimate">about 1.0 lb, est. $98,765.43, charged at the weight packed (at most +10%)</span><span class="_1veaymb5"><span class="_1veaymb6">Same Day</span><span class="_1veaymb6">Next Day</span><span class="_1veaymb6">Farm Direct</span><span class="_1veaymb6">Dine-In</span><span class="_1veaymb6">Pick-Up</span></span></a></li></ul></div></div></section>`;
const framed = (markup: string) => indexHtml.replace('<div id="root"></div>', `<div id="root" inert>${markup}</div>`);
const storeFrame = framed('<header>MEAT &amp; FISH</header><main></main>');

let site: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listing-shell-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.mkdirSync(path.join(dir, '.shells'));
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, '.shells/store.html'), storeFrame);
  fs.writeFileSync(path.join(dir, '.shells/store-frame.html'), storeFrame);
  fs.writeFileSync(path.join(dir, '.shells/listing-frame.html'), framed(`${header}<main>${listingSection}</main>`));
  site = await startTestApp({ env: { STATIC_DIR: dir } });
});

afterAll(async () => {
  await site.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** New York's area as the app writes it into the cookie (src/machines/app/app-actors.ts). */
const newYorkCookie = areaCookieAssignment({ zipcode: '10001', loc_id: 101 }).split(';')[0] ?? '';
const listingUrl = '/store/category/Meat/Beef/1001';

async function page(url: string, cookie?: string) {
  const reply = await site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['cache-control']).toBe('no-cache');
  const body = reply.headers['content-encoding'] === 'br' ? brotliDecompressSync(reply.rawPayload).toString() : reply.body;
  return { body, vary: String(reply.headers.vary ?? '') };
}

describe("a category listing's first page is drawn for the shopper's area cookie", () => {
  it("draws every card of the first page, in the reply's order, with the title, the zip and the reply as the page's data", async () => {
    const api = json(
      await site.app.inject({
        method: 'GET',
        url: `/connect/index/category?${query({ catid: 1001, zipcode: '10001', loc_id: 101, page: 0, limit: 20 })}`,
      }),
    );
    assert(api, listingReply);
    const products = api.data?.products ?? [];
    expect(products.length).toBeGreaterThan(1);

    const { body, vary } = await page(listingUrl, `other=1; ${newYorkCookie}`);
    expect(vary).toBe('accept-encoding, cookie');
    const hrefs = [...body.matchAll(/<li><a class="[^"]+" href="([^"]+)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(products.map((product) => `/store/${product.id}`));
    const pictures = [...body.matchAll(/<img src="([^"]+)" alt="" class="[^"]+"( loading="lazy")? width="300" height="300"\/>/g)];
    expect(pictures.map((match) => match[1])).toEqual(products.map((product) => product.image));
    // The first row's pictures are fetched at once, the first preloaded at high priority.
    expect(pictures.map((match) => match[2] === undefined)).toEqual(products.map((_, index) => index < 4));
    expect(body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${products[0]?.image ?? ''}">`);
    for (const product of products) expect(body).toContain(`>${product.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}</span>`);
    expect(body).toContain('<h1 id="_R_2_" class="_123j9f82">Beef</h1>');
    expect(body).toContain('SHOPPING AT - <!-- -->10001');
    // The filter column is left for the app to fill; no stand-in is left anywhere.
    expect(body).toContain('<aside class="_123j9f89" aria-label="Filters"></aside>');
    expect(body).not.toMatch(/PRERENDERED|987654321/);

    const data = new RegExp(`<script type="application/json" id="${pageListingElementId}">(.*?)</script>`).exec(body)?.[1] ?? '';
    const carried: unknown = JSON.parse(data);
    assert(carried, pageListing);
    expect(carried.reply).toEqual(api);
    expect(carried.key).toEqual({
      method: 'GET',
      path: '/connect/index/category',
      query: { catid: 1001, zipcode: '10001', loc_id: 101, page: 0, limit: 20 },
    });
  });

  it("without an area cookie (or with one that is not the app's), the listing is the store's frame as before", async () => {
    for (const cookie of [undefined, 'other=1', 'mf_area=10001', 'mf_area=%3Cb%3E.101.', 'mf_area=10001.101.air']) {
      const { body, vary } = await page(listingUrl, cookie);
      expect(body, cookie).toContain('<div id="root" inert><header>MEAT &amp; FISH</header><main></main></div>');
      expect(body, cookie).toContain('<link rel="modulepreload" crossorigin href="/assets/category-listing-page-L1.js">');
      expect(body, cookie).not.toContain(pageListingElementId);
      expect(vary, cookie).toBe('accept-encoding, cookie');
    }
  });

  it('a sorted, paged or filtered listing, an area not served, or an unknown category is left to the app', async () => {
    for (const [url, cookie] of [
      [`${listingUrl}?sort=price_asc`, newYorkCookie],
      [`${listingUrl}?page=1`, newYorkCookie],
      [`${listingUrl}?priceranges=0-10`, newYorkCookie],
      [listingUrl, areaCookieAssignment({ zipcode: '90210', loc_id: 999 }).split(';')[0] ?? ''],
      ['/store/category/Nothing/987654', newYorkCookie],
    ] as const) {
      const { body } = await page(url, cookie);
      expect(body, url).not.toContain(pageListingElementId);
      expect(body, url).not.toContain(prerenderedListingCard.name);
    }
  });
});

describe('Dine-In and Pick-Up: the listing is drawn for the restaurant the cookie names', () => {
  it("draws the chosen restaurant's cards, keyed by it; a visit cookie without a restaurant (older) is left to the app", async () => {
    const beef = '/store/category/Meat/Beef/1002';
    const cookie = (restaurant?: number) =>
      areaCookieAssignment({ zipcode: '10001', loc_id: 101, courier_type: 'dine-in', vendor_location_id: restaurant }).split(';')[0] ?? '';
    const api = json(
      await site.app.inject({
        method: 'GET',
        url: `/connect/index/category?${query({ catid: 1002, zipcode: '10001', loc_id: 101, courier_type: 'dine-in', vendor_location_id: 402, page: 0, limit: 20 })}`,
      }),
    );
    assert(api, listingReply);
    expect(api.data?.products.every((p) => p.vendor_loc_id === 402)).toBe(true);
    const { body } = await page(beef, cookie(402));
    const data = new RegExp(`<script type="application/json" id="${pageListingElementId}">(.*?)</script>`).exec(body)?.[1] ?? '';
    const carried: unknown = JSON.parse(data);
    assert(carried, pageListing);
    expect(carried.key).toMatchObject({ query: { catid: 1002, courier_type: 'dine-in', vendor_location_id: 402 } });
    expect(carried.reply).toEqual(api);

    expect((await page(beef, cookie())).body).not.toContain(pageListingElementId);
  });

  it('leaves a cookie naming a restaurant of another area (or none at all) to the app, keeping no reply for it', async () => {
    const beef = '/store/category/Meat/Beef/1002';
    const lookups = async () =>
      (await cacheLookups.get()).values.filter((v) => v.labels.cache === 'listing-replies').reduce((sum, v) => sum + v.value, 0);
    const before = await lookups();
    // Chicago's River North in New York, and an id that names no location.
    for (const restaurant of [411, 987654]) {
      const cookie =
        areaCookieAssignment({ zipcode: '10001', loc_id: 101, courier_type: 'pickup', vendor_location_id: restaurant }).split(';')[0] ?? '';
      const { body } = await page(beef, cookie);
      expect(body, String(restaurant)).not.toContain(pageListingElementId);
      expect(body, String(restaurant)).not.toContain(prerenderedListingCard.name);
    }
    expect(await lookups()).toBe(before);
  });
});

describe('the area cookie and the listing path (src/rules/area-cookie.ts, categoryListingOf)', () => {
  it('carries the zip, the area and the speed, SameSite=Lax, and is cleared with the area', () => {
    expect(areaCookieAssignment({ zipcode: '10001', loc_id: 101, courier_type: 'dine-in' })).toBe(
      'mf_area=10001.101.dine-in; Path=/; SameSite=Lax; Max-Age=31536000',
    );
    expect(areaCookieAssignment({ zipcode: '10001' })).toBe('mf_area=; Path=/; SameSite=Lax; Max-Age=0');
    expect(areaCookieAssignment({ zipcode: 'a;b=c', loc_id: 1 })).toBe('mf_area=a%3Bb%3Dc.1.; Path=/; SameSite=Lax; Max-Age=31536000');
    expect(areaFromCookieHeader('a=b; mf_area=10001.101.dine-in')).toEqual({ zipcode: '10001', loc_id: 101, courier_type: 'dine-in' });
    expect(areaFromCookieHeader('mf_area=10001.101.')).toEqual({ zipcode: '10001', loc_id: 101, courier_type: undefined });
    // Dine-In and Pick-Up carry the chosen restaurant; a delivery speed never does.
    expect(areaCookieAssignment({ zipcode: '10001', loc_id: 101, courier_type: 'pickup', vendor_location_id: 402 })).toBe(
      'mf_area=10001.101.pickup.402; Path=/; SameSite=Lax; Max-Age=31536000',
    );
    expect(areaCookieAssignment({ zipcode: '10001', loc_id: 101, courier_type: 'local', vendor_location_id: 402 })).toBe(
      'mf_area=10001.101.local; Path=/; SameSite=Lax; Max-Age=31536000',
    );
    expect(areaFromCookieHeader('mf_area=10001.101.pickup.402')).toEqual({
      zipcode: '10001',
      loc_id: 101,
      courier_type: 'pickup',
      vendor_location_id: 402,
    });
    expect(areaFromCookieHeader('mf_area=10001.101.local.402')).toEqual({ zipcode: '10001', loc_id: 101, courier_type: 'local' });
    for (const header of ['mf_area=', 'mf_area=10001.x.', 'mf_area=%E0%A4%A.101.', 'mf_area=%22%3E.101.', 'xmf_area=10001.101.']) {
      expect(areaFromCookieHeader(header), header).toBeUndefined();
    }
  });

  it('reads the category and its title (decoded, as React Router gives it) from both listing routes only', () => {
    expect(categoryListingOf('/store/category/Meat/Beef%20%26%20Veal/1001')).toEqual({ categoryId: 1001, title: 'Beef & Veal' });
    expect(categoryListingOf('/store/category/Fish/1002')).toEqual({ categoryId: 1002, title: 'Fish' });
    for (const pathname of ['/store/category/1002', '/store/category/a/b/c/1', '/store/category/Fish/x', '/store/category/%E0%A4%A/1']) {
      expect(categoryListingOf(pathname), pathname).toBeUndefined();
    }
  });
});
