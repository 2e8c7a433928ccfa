import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBannersElementId, prerenderedBanner } from '../../src/api/contract/home.contract.ts';
import { pageProductPictureElementId, prerenderedProductPicture } from '../../src/api/contract/product.contract.ts';
import { picturePreloadHeader, productIdOf, productPageWithPicture, storeHomeWithBanners } from '../../server/http/spa-shell.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** A build as vite writes it: index.html with its head (over 1 kB, as ours is), and the manifest naming each screen's chunks. */
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="${'Fresh meat and fish. '.repeat(60)}" />
    <title>Meat and Fish</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-V1.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const manifest = {
  'index.html': { file: 'assets/index-E1.js', imports: ['_vendor-V1.js'], css: ['assets/index-C1.css'] },
  '_vendor-V1.js': { file: 'assets/vendor-V1.js' },
  '_dropdown-D1.js': { file: 'assets/dropdown-select-D1.js', imports: ['_vendor-V1.js'] },
  'src/views/store/product/product-page.tsx': {
    file: 'assets/product-page-P1.js',
    imports: ['_vendor-V1.js', '_dropdown-D1.js'],
    css: ['assets/product-page-P1.css'],
  },
  'src/views/store/listing/category-listing-page.tsx': { file: 'assets/category-listing-page-L1.js', imports: ['_vendor-V1.js'] },
};

let site: TestApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-shell-'));
  fs.mkdirSync(path.join(staticDir, '.vite'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(staticDir, '.vite/manifest.json'), JSON.stringify(manifest));
  // Seeded: the banners the store home shows come from the catalogue.
  site = await startTestApp({ env: { STATIC_DIR: staticDir } });
});

afterAll(async () => {
  await site.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => site.app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
const html = (reply: Awaited<ReturnType<typeof get>>) =>
  reply.headers['content-encoding'] === 'br' ? brotliDecompressSync(reply.rawPayload).toString() : reply.body;

describe('the shell names what a route needs next', () => {
  it('/store preloads the first banner (its largest paint) at high priority, in the head, compressed, never cached', async () => {
    const reply = await get('/store?utm=x');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers['content-encoding']).toBe('br');
    const page = html(reply);
    expect(page).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/banners/0.svg">\n  </head>');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-E1.js"></script>');
    const gzip = await site.app.inject({ method: 'GET', url: '/store', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await site.app.inject({ method: 'GET', url: '/store' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('HEAD /store answers as GET does, without the body', async () => {
    const reply = await get('/store', 'HEAD');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.rawPayload.length).toBe(0);
  });

  it("a product page modulepreloads its screen's chunk, what it imports and its stylesheet, but nothing the entry loads", async () => {
    for (const url of ['/store/1', '/category/ALL/product/1']) {
      const page = html(await get(url));
      expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/product-page-P1.js">');
      expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/dropdown-select-D1.js">');
      expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/product-page-P1.css">');
      expect(page.match(/vendor-V1\.js/g)).toHaveLength(1);
      expect(page).not.toContain('banners');
    }
  });

  it("a product page's response preloads the product's first picture (its largest paint) in a Link header; others do not", async () => {
    for (const url of ['/store/1', '/category/ALL/product/1']) {
      const reply = await get(url);
      expect(reply.headers.link).toMatch(/^<\/media\/products\/1\/0\.[a-z]+>; rel=preload; as=image; fetchpriority=high$/);
    }
    expect((await get('/store/999999999')).headers.link).toBeUndefined();
    expect((await get('/store/category/Fish/Fish/1005')).headers.link).toBeUndefined();
    expect((await get('/store')).headers.link).toBeUndefined();
  });

  it('a listing modulepreloads the listing screen', async () => {
    const page = html(await get('/store/category/Fish/Fish/1005'));
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/category-listing-page-L1.js">');
    expect(page).not.toContain('product-page');
  });

  it('any other route gets index.html as built', async () => {
    for (const url of ['/cart', '/store/search', '/signIn']) {
      const reply = await get(url);
      expect(reply.statusCode).toBe(200);
      expect(html(reply)).toBe(indexHtml);
    }
  });
});

/** The prerendered store home as the build writes it: React's preload of the high-priority picture, then the picture. */
const storeHomeMarkup =
  `<link rel="preload" as="image" href="${prerenderedBanner.imageurl}" fetchPriority="high"/>` +
  `<header>MEAT &amp; FISH</header><main><img src="${prerenderedBanner.imageurl}" alt="${prerenderedBanner.alt}"/><p>Loading the store…</p></main>`;

describe('the store home carries its banners (server/http/spa-shell.ts storeHomeWithBanners)', () => {
  const frame = '<html><head></head><body><div id="root" inert><main></main></div></body></html>';
  const home = `<html><head></head><body><div id="root" inert>${storeHomeMarkup}</div></body></html>`;

  it('draws the first banner in the placeholder, names it for the preload, and carries every banner as JSON the page cannot run', () => {
    const page = storeHomeWithBanners(home, frame, [
      { imageurl: '/media/banners/0.svg', alt: 'Steaks & "oysters"' },
      { imageurl: '/media/banners/1.svg', alt: '</script><script>alert(1)</script>' },
    ]);
    expect(page).not.toContain(prerenderedBanner.imageurl);
    expect(page).not.toContain(prerenderedBanner.alt);
    expect(page).toContain('<img src="/media/banners/0.svg" alt="Steaks &amp; &quot;oysters&quot;"/>');
    expect(page).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/banners/0.svg">');
    const json = new RegExp(`<script type="application/json" id="${pageBannersElementId}">(.*?)</script>`).exec(page)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual([
      { imageurl: '/media/banners/0.svg', alt: 'Steaks & "oysters"' },
      { imageurl: '/media/banners/1.svg', alt: '</script><script>alert(1)</script>' },
    ]);
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it('without banners the home is the frame alone (no placeholder picture left to fetch)', () => {
    expect(storeHomeWithBanners(home, frame, [])).toBe(frame);
  });
});

describe('the product page names its picture (productIdOf, picturePreloadHeader)', () => {
  it('reads the product from both product routes only, within the ids a product can have', () => {
    expect(productIdOf('/store/12')).toBe(12);
    expect(productIdOf('/category/ALL/product/7')).toBe(7);
    expect(productIdOf('/store/search')).toBeUndefined();
    expect(productIdOf('/store/1234567890')).toBeUndefined();
    expect(productIdOf('/store/12/x')).toBeUndefined();
  });

  it('names only plain site paths (nothing that could end the header value or add a link)', () => {
    expect(picturePreloadHeader('/media/products/1/0.svg')).toBe('</media/products/1/0.svg>; rel=preload; as=image; fetchpriority=high');
    for (const url of ['', 'https://elsewhere.example/a.png', '/a.png>; rel=preload; as=script', '/a b.png', '/a,b.png']) {
      expect(picturePreloadHeader(url), url).toBeUndefined();
    }
  });
});

/** The prerendered product page as the build writes it: React's preload of the high-priority picture, then the picture. */
const productPageMarkup =
  `<link rel="preload" as="image" href="${prerenderedProductPicture.url}" fetchPriority="high"/>` +
  `<header>MEAT &amp; FISH</header><main><article aria-busy="true"><img src="${prerenderedProductPicture.url}" alt=""/><p>Loading the product…</p></article></main>`;

describe('the product page carries its picture (server/http/spa-shell.ts productPageWithPicture)', () => {
  const frame = '<html><head></head><body><div id="root" inert><main></main></div></body></html>';
  const productPage = `<html><head></head><body><div id="root" inert>${productPageMarkup}</div></body></html>`;

  it('draws the picture in the placeholder and in the preload, and carries it as JSON the page cannot run', () => {
    const page = productPageWithPicture(productPage, frame, 12, '/media/products/12/0.svg?"x</script><script>alert(1)</script>');
    expect(page).not.toContain(prerenderedProductPicture.url);
    expect(page).toContain('<img src="/media/products/12/0.svg?&quot;x&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" alt=""/>');
    expect(page).toContain('<link rel="preload" as="image" href="/media/products/12/0.svg?&quot;x&lt;/script&gt;');
    const json = new RegExp(`<script type="application/json" id="${pageProductPictureElementId}">(.*?)</script>`).exec(page)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ id: 12, url: '/media/products/12/0.svg?"x</script><script>alert(1)</script>' });
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it('without a picture (no such product, or none) the page is the frame alone', () => {
    expect(productPageWithPicture(productPage, frame, 12, '')).toBe(frame);
    // A build without the placeholder (an older prerender) is never sent with a picture it cannot draw.
    expect(productPageWithPicture(frame, frame, 12, '/media/products/12/0.svg')).toBe(frame);
  });
});

describe('prerendered pages (the build writes dist/.shells/<page>.html: vite.config.ts prerenderShells)', () => {
  const framed = (markup: string) => indexHtml.replace('<div id="root"></div>', `<div id="root" inert>${markup}</div>`);
  let prerendered: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-shell-prerendered-'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.mkdirSync(path.join(dir, '.shells'));
    fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(dir, '.shells/store.html'), framed(storeHomeMarkup));
    fs.writeFileSync(path.join(dir, '.shells/store-frame.html'), framed('<header>MEAT &amp; FISH</header><main></main>'));
    fs.writeFileSync(path.join(dir, '.shells/faq.html'), framed('<main><h1>FAQ</h1></main>'));
    fs.writeFileSync(path.join(dir, '.shells/product-frame.html'), framed(productPageMarkup));
    prerendered = await startTestApp({ env: { STATIC_DIR: dir } });
  });

  afterAll(async () => {
    await prerendered.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const fetchPage = async (url: string) => {
    const reply = await prerendered.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    return html(reply);
  };

  it('/store is sent with the store home already in #root, the first banner drawn and preloaded, every banner in the page', async () => {
    const page = await fetchPage('/store');
    expect(page).toContain('<main><img src="/media/banners/0.svg" alt="Valentine');
    expect(page).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/banners/0.svg">');
    expect(page).toContain(`<script type="application/json" id="${pageBannersElementId}">[{"imageurl":"/media/banners/0.svg"`);
    expect(page).not.toContain(prerenderedBanner.imageurl);
  });

  it("a product page is sent with the product's first picture drawn (the seeded catalogue's), and that picture in the page", async () => {
    for (const [url, id] of [
      ['/store/1', 1],
      ['/category/ALL/product/2', 2],
    ] as const) {
      const page = await fetchPage(url);
      expect(page).toMatch(new RegExp(`<article aria-busy="true"><img src="/media/products/${id}/0\\.[a-z]+" alt=""/>`));
      expect(page).toMatch(new RegExp(`<link rel="preload" as="image" href="/media/products/${id}/0\\.[a-z]+" fetchPriority="high"/>`));
      const json = new RegExp(`<script type="application/json" id="${pageProductPictureElementId}">(.*?)</script>`).exec(page)?.[1] ?? '';
      expect(JSON.parse(json)).toEqual({ id, url: expect.stringMatching(new RegExp(`^/media/products/${id}/0\\.[a-z]+$`)) });
      expect(page).not.toContain(prerenderedProductPicture.url);
      expect(page).not.toContain('banners');
    }
  });

  it("an unknown product is painted in the store's frame, with its screen's chunks preloaded, and no picture", async () => {
    const page = await fetchPage('/store/999999999');
    expect(page).toContain('<div id="root" inert><header>MEAT &amp; FISH</header><main></main></div>');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/product-page-P1.js">');
    expect(page).not.toContain(pageProductPictureElementId);
    expect(page).not.toContain(prerenderedProductPicture.url);
  });

  it('the product page as prerendered is never sent as a page of its own', async () => {
    expect(await fetchPage('/product-frame')).toBe(indexHtml);
  });

  it('a static page is sent prerendered; a page without a prerender gets index.html as built', async () => {
    expect(await fetchPage('/faq')).toBe(framed('<main><h1>FAQ</h1></main>'));
    expect(await fetchPage('/faq?from=footer')).toBe(framed('<main><h1>FAQ</h1></main>'));
    expect(await fetchPage('/cart')).toBe(indexHtml);
  });

  it('a path naming a file that is not there is a 404, never the shell (the folder of prerendered pages included)', async () => {
    for (const url of [
      '/.shells/faq.html',
      '/.shells/faq.bak',
      '/assets/index-gone.js',
      '/index.html.bak',
      '/store.bak',
      '/.index.html.swp',
      '/faq~',
    ]) {
      const reply = await prerendered.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.body, url).not.toContain('<div id="root"');
    }
    expect((await prerendered.app.inject({ method: 'GET', url: '/store/search?q=ribeye.steak' })).statusCode).toBe(200);
  });
});
