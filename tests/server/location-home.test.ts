import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { badRequestBody } from '../../src/api/contract/envelope.ts';
import { bannersReply, homeSections, homepageData, homepageReply } from '../../src/api/contract/home.contract.ts';
import { serviceAreaReply, zipLookupReply } from '../../src/api/contract/location.contract.ts';
import { getJson, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /connect/index/getaddressbyzipcode', () => {
  it('a served zip answers code 1 with state and loc_id', async () => {
    const { status, body } = await getJson(t, '/connect/index/getaddressbyzipcode?zipcode=10001&store_id=1');
    expect(status).toBe(200);
    if (!is(body, zipLookupReply)) throw new Error(`reply does not match the contract: ${JSON.stringify(body)}`);
    expect(body.code).toBe(1);
    expect(body.data?.[0]).toMatchObject({ zipcode: '10001', state: 'NY', city: 'New York' });
    expect(body.data?.[0]?.loc_id).toEqual(expect.any(Number));
  });

  it("an unserved zip answers code -1 with the spec's message and the zip's real city", async () => {
    const { status, body } = await getJson(t, '/connect/index/getaddressbyzipcode?zipcode=90210&store_id=1');
    expect(status).toBe(200);
    if (!is(body, zipLookupReply)) throw new Error('reply does not match the contract');
    expect(body).toMatchObject({
      code: -1,
      message: 'We are coming soon to this pincode. Please see a list of all pincodes we currently serve.',
      data: [{ zipcode: '90210', city: 'Beverly Hills', state: 'CA' }],
    });
  });

  it.each([
    ['', 'Pincode is required.'],
    ['abcde', 'Pincode must be a number.'],
    ['1234', 'Must be exactly 5 digit'],
    ["10001' or 1=1 --", 'Pincode must be a number.'],
  ])('malformed zip %j is a 400 naming the field', async (zip, message) => {
    const { status, body } = await getJson(t, `/connect/index/getaddressbyzipcode?zipcode=${encodeURIComponent(zip)}`);
    expect(status).toBe(400);
    if (!is(body, badRequestBody)) throw new Error('400 body does not match the contract');
    expect(body.errors).toEqual([{ field: 'zipcode', message }]);
  });

  it('a missing zip is a 400 naming the field', async () => {
    const { status, body } = await getJson(t, '/connect/index/getaddressbyzipcode?store_id=1');
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: [{ field: 'zipcode', message: 'Pincode is required.' }] });
  });
});

describe('GET /connect/citylist/currentservicearea', () => {
  it("lists the city's served zips, case-insensitively", async () => {
    const { body } = await getJson(t, '/connect/citylist/currentservicearea?city=new%20york&state=ny');
    if (!is(body, serviceAreaReply)) throw new Error('reply does not match the contract');
    expect(body.data?.avaialbepostcodes).toContain('10001');
    expect(body.data?.avaialbepostcodes.every((zip) => /^\d{5}$/.test(zip))).toBe(true);
  });

  it('a city we do not serve gets an empty list plus every served city', async () => {
    const { body } = await getJson(t, '/connect/citylist/currentservicearea?city=Beverly%20Hills&state=CA');
    if (!is(body, serviceAreaReply)) throw new Error('reply does not match the contract');
    expect(body.data?.avaialbepostcodes).toEqual([]);
    expect(body.data?.all_areas.length).toBeGreaterThanOrEqual(3);
  });

  it('missing city and state are named', async () => {
    const { status, body } = await getJson(t, '/connect/citylist/currentservicearea');
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: [{ field: 'city' }, { field: 'state' }] });
  });
});

describe('GET /connect/index/homepage and banners', () => {
  async function areaOf(zip: string): Promise<number> {
    const { body } = await getJson(t, `/connect/index/getaddressbyzipcode?zipcode=${zip}`);
    if (!is(body, zipLookupReply)) throw new Error('bad reply');
    const loc = body.data?.[0]?.loc_id;
    if (loc === undefined) throw new Error('no loc_id');
    return loc;
  }

  it('gives banners, ads, the top products and a section per category for the area', async () => {
    const loc = await areaOf('10001');
    const { status, body } = await getJson(t, `/connect/index/homepage?store_id=1&zipcode=10001&loc_id=${loc}&courier_type=local`);
    expect(status).toBe(200);
    if (!is(body, homepageReply)) throw new Error(`reply does not match the contract: ${JSON.stringify(body).slice(0, 300)}`);
    expect(body.code).toBe(1);
    const data = body.data;
    if (!data) throw new Error('no data');
    expect(data.banner.length).toBeGreaterThan(0);
    expect(data.ads.length).toBeGreaterThan(0);
    expect(data.topproduct.length).toBeGreaterThan(3);
    // The spec's category keys, each with categoryName and products[]: one key per category, named by it.
    const sections = homeSections(data);
    expect(sections.length).toBeGreaterThanOrEqual(10);
    for (const section of sections) {
      expect(Object.entries(data)).toContainEqual([section.categoryName, section]);
      expect(section.products.length).toBeGreaterThan(0);
    }
    expect(Object.keys(data)).toEqual(['banner', 'ads', 'topproduct', ...sections.map((s) => s.categoryName)]);
    expect(is({ ...data, Beef: { categoryName: 'Beef' } }, homepageData)).toBe(false);
    for (const product of data.topproduct) {
      expect(product.child.length).toBeGreaterThan(0);
      expect(product.image.startsWith('/media/')).toBe(true);
      for (const size of product.child) expect(size.price).toMatch(/^\d+\.\d{2}$/);
    }
    // Sizes come sorted numerically.
    for (const product of data.topproduct) {
      const sizes = product.child.map((c) => c.bottle_size);
      expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    }
  });

  it('another area gets its own offers', async () => {
    const ny = await areaOf('10001');
    const chicago = await areaOf('60601');
    expect(chicago).not.toBe(ny);
    const { body } = await getJson(t, `/connect/index/homepage?zipcode=60601&loc_id=${chicago}`);
    expect(body).toMatchObject({ code: 1 });
  });

  it('an unknown area is a business refusal, a malformed one a 400', async () => {
    const unknown = await getJson(t, '/connect/index/homepage?zipcode=10001&loc_id=999999');
    expect(unknown.body).toMatchObject({ code: -1 });
    const malformed = await getJson(t, '/connect/index/homepage?zipcode=10001&loc_id=abc');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ errors: [{ field: 'loc_id' }] });
  });

  it('banners are local images', async () => {
    const { body } = await getJson(t, '/connect/index/banners?store_id=1');
    if (!is(body, bannersReply)) throw new Error('reply does not match the contract');
    expect(body.data?.length).toBeGreaterThan(0);
    for (const banner of body.data ?? []) expect(banner.imageurl).toMatch(/^\/media\/banners\/\d\.svg$/);
    const image = await t.app.inject({ method: 'GET', url: body.data?.[0]?.imageurl ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
  });

  it('sends security headers and a request id', async () => {
    const { headers } = await getJson(t, '/connect/index/banners');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-request-id']).toEqual(expect.any(String));
  });

  it('an unknown API path is a JSON 404', async () => {
    const { status, body } = await getJson(t, '/api/no/such/call');
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 0 });
  });
});
