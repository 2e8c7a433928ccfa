import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { pageBannersElementId, prerenderedBanner, type Banner } from '../../src/api/contract/home.contract.ts';
import { pageProductPictureElementId, prerenderedProductPicture } from '../../src/api/contract/product.contract.ts';
import type { ListingRequest } from '../../src/rules/listing-query.ts';
import { firstListingRequest, listingFrame, listingPageWithCards } from './listing-shell.ts';

/**
 * The HTML shell (index.html) a client route is sent, with hints for what that route will need next, so the browser
 * fetches it while the script loads instead of after (docs/decisions/023-wire.md, "Lighthouse"):
 * - /store names the first banner, the page's largest paint, as a high-priority image preload, draws it in the
 *   prerendered page and carries every banner as JSON for the app's first render (the banners are the same for every
 *   area, so the server knows them without the shopper's area, which lives in the browser);
 * - a listing, search or product route names its screen's chunk (and what it imports) as modulepreloads, read from
 *   the build's manifest: without them the chunk is asked for only once the entry has run;
 * - a product route draws the product's first picture (its largest paint, the same in every area) in the prerendered
 *   product page and carries it as JSON the page keeps drawing until the product call answers;
 * - a category listing, for a shopper whose area cookie names an area, draws the category's first page of cards in the
 *   prerendered listing frame and carries the reply as the app's first data (listing-shell.ts, decision 066).
 * Every other route gets index.html as built.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The build's .vite/manifest.json: each source module's chunk. */
export type Manifest = Record<string, ManifestChunk>;

/** Client routes whose screen comes on demand (src/views/lazy-pages.tsx), by the module that holds the screen. */
const screensByRoute: { route: RegExp; screen: string }[] = [
  { route: /^\/store\/\d+$/, screen: 'src/views/store/product/product-page.tsx' },
  { route: /^\/category\/[^/]+\/product\/\d+$/, screen: 'src/views/store/product/product-page.tsx' },
  { route: /^\/store\/category\//, screen: 'src/views/store/listing/category-listing-page.tsx' },
  { route: /^\/(?:store\/)?search$/, screen: 'src/views/store/listing/search-results-page.tsx' },
  { route: /^\/category\/[^/]+$/, screen: 'src/views/store/listing/legacy-category-page.tsx' },
];

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A chunk's file and stylesheets, and those of every chunk it imports statically, as site paths. */
function filesOf(manifest: Manifest, key: string, seen: Set<string>, files: string[]): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return files;
  seen.add(key);
  files.push(`/${chunk.file}`, ...(chunk.css ?? []).map((css) => `/${css}`));
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, seen, files);
  return files;
}

/**
 * The `<link>`s that start a screen's chunks early, leaving out what index.html already loads. Its stylesheets are
 * preloaded, or, for a page whose markup is already in the HTML (prerendered), linked as stylesheets.
 */
export function screenPreloads(manifest: Manifest, screen: string, css: 'preload' | 'stylesheet' = 'preload'): string[] {
  const entry = new Set(filesOf(manifest, 'index.html', new Set(), []));
  const styleLink = css === 'stylesheet' ? 'rel="stylesheet"' : 'rel="preload" as="style"';
  return filesOf(manifest, screen, new Set(), [])
    .filter((file) => !entry.has(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link ${styleLink} crossorigin href="${attribute(file)}">`
        : `<link rel="modulepreload" crossorigin href="${attribute(file)}">`,
    );
}

/** index.html with the given tags at the end of its head. */
export function withHints(html: string, tags: readonly string[]): string {
  return tags.length === 0 ? html : html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

/** The product a product page shows (/store/12, /category/ALL/product/12), or undefined for any other path. */
export function productIdOf(pathname: string): number | undefined {
  const id = /^\/(?:store|category\/[^/]+\/product)\/(\d{1,9})$/.exec(pathname)?.[1];
  return id === undefined ? undefined : Number(id);
}

/**
 * A Link header that preloads a picture at high priority (a product page's largest paint): in the headers, not the
 * HTML, so the page stays the one compressed shell every product shares. Only plain site paths are named.
 */
export function picturePreloadHeader(url: string): string | undefined {
  return /^\/[\w\-./]+$/.test(url) ? `<${url}>; rel=preload; as=image; fetchpriority=high` : undefined;
}

export function bannerPreload(url: string): string {
  return `<link rel="preload" as="image" fetchpriority="high" href="${attribute(url)}">`;
}

/** JSON inside a `<script type="application/json">` (data, never run): nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The prerendered store home with the current banners: the first in place of the build's placeholder (its address
 * and text), every one in a JSON block the app's first render draws from (src/api/page-banners.ts), and the first
 * preloaded. Without banners, the store's frame alone.
 */
export function storeHomeWithBanners(home: string, frame: string, banners: readonly Banner[]): string {
  const [first] = banners;
  if (!first || !home.includes(prerenderedBanner.imageurl)) return first ? withHints(frame, [bannerPreload(first.imageurl)]) : frame;
  // Every place it is named: the picture and the preload React writes beside a high-priority image.
  const drawn = home.replaceAll(prerenderedBanner.imageurl, attribute(first.imageurl)).replaceAll(prerenderedBanner.alt, attribute(first.alt));
  const data = `<script type="application/json" id="${pageBannersElementId}">${scriptJson(banners)}</script>`;
  return withHints(drawn, [bannerPreload(first.imageurl), data]);
}

/**
 * The prerendered product page with the product's first picture in place of the build's placeholder, and the picture
 * in a JSON block the app draws until the product call answers (src/api/page-product-picture.ts). Without a picture
 * (no such product, or none), the store's frame alone.
 */
export function productPageWithPicture(productPage: string, frame: string, productId: number, url: string): string {
  if (url === '' || !productPage.includes(prerenderedProductPicture.url)) return frame;
  // Every place it is named: the picture and the preload React writes beside a high-priority image.
  const drawn = productPage.replaceAll(prerenderedProductPicture.url, attribute(url));
  return withHints(drawn, [`<script type="application/json" id="${pageProductPictureElementId}">${scriptJson({ id: productId, url })}</script>`]);
}

/** How long the banners are reused: the banners read itself is public for 60 s (caching.ts). */
const bannerFreshMs = 60_000;

/**
 * A path that names a file rather than a client route: a dot segment (/.shells, /.vite, .swp files), anything under
 * /assets/ (every real one is served as a file before this is asked), or a last segment with a file extension or a
 * backup's `~`. The store's routes have none, so these get a 404, never the shell: a missing chunk after a deploy is
 * not answered with HTML, and a scanner's guess (`/index.html.bak`) finds nothing.
 */
export function namesAFile(pathname: string): boolean {
  const segments = pathname.split('/');
  const last = segments.at(-1) ?? '';
  return pathname.startsWith('/assets/') || segments.some((segment) => segment.startsWith('.')) || /\.[A-Za-z0-9]{1,10}$|~$/.test(last);
}

/** The folder of the build with the prerendered pages (vite.config.ts `prerenderShells`): `<path>.html` each. */
const shellsDir = '.shells';

/** The prerendered pages of the build by path ('/store', '/about-us', …); none when the build has none. */
function prerenderedPages(staticDir: string): Map<string, string> {
  const dir = path.join(staticDir, shellsDir);
  if (!fs.existsSync(dir)) return new Map();
  return new Map(
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.html'))
      .map((name) => [`/${name.slice(0, -'.html'.length)}`, fs.readFileSync(path.join(dir, name), 'utf8')]),
  );
}

/** What a shell is asked for beside its path: the query and the Cookie header (a listing's area, decision 066). */
export interface ShellRequest {
  search?: string;
  cookie?: string | undefined;
}

/** A shell, and whether it was made for this request alone (a product's, a listing's): compressed each time, not kept. */
export interface Shell {
  html: string;
  perRequest: boolean;
}

/**
 * The shell for a path, or undefined when index.html as built will do (served as a file, precompressed).
 * readBanners reads the store's banners; readListing a category listing's reply as GET /connect/index/category sends
 * it (its JSON), undefined when it cannot. /store and the static pages are sent prerendered (their markup already in
 * #root), so the first paint needs no script.
 */
export function spaShell(
  staticDir: string,
  readBanners: () => Promise<Banner[]>,
  readProductPicture: (productId: number) => Promise<string>,
  readListing: (request: Extract<ListingRequest, { method: 'GET' }>) => Promise<string | undefined> = async () => undefined,
) {
  const html = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const manifestFile = path.join(staticDir, '.vite/manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  const prerendered = prerenderedPages(staticDir);
  const storeHome = prerendered.get('/store') ?? html;
  // A listing, search or product page is painted in the store's frame (header, menus, footer) before its screen's
  // chunks arrive: the frame is the same on every store page.
  const storeFrame = prerendered.get('/store-frame') ?? storeHome;
  const screenShells = new Map(screensByRoute.map(({ screen }) => [screen, withHints(storeFrame, screenPreloads(manifest, screen))]));
  const productScreen = 'src/views/store/product/product-page.tsx';
  // Prerendered with its screen's stylesheets linked and its chunks modulepreloaded (vite.config.ts prerenderShells).
  const productShell = prerendered.get('/product-frame');
  // Taken apart once: the stand-in card each listing's cards are made from (listing-shell.ts).
  const listingShell = prerendered.get('/listing-frame');
  const listing = listingShell === undefined ? undefined : listingFrame(listingShell);
  let home: { html: string; readAt: number } | undefined;
  const shared = (shell: string | undefined): Shell | undefined =>
    shell === undefined || shell === html ? undefined : { html: shell, perRequest: false };

  return async function shellFor(pathname: string, request: ShellRequest = {}, now = Date.now()): Promise<Shell | undefined> {
    if (pathname === '/store') {
      if (!home || now - home.readAt > bannerFreshMs) home = { html: storeHomeWithBanners(storeHome, storeFrame, await readBanners()), readAt: now };
      return shared(home.html);
    }
    if (pathname === '/store-frame' || pathname === '/product-frame' || pathname === '/listing-frame') return undefined;
    const productId = productIdOf(pathname);
    if (productId !== undefined && productShell) {
      const page = productPageWithPicture(
        productShell,
        screenShells.get(productScreen) ?? storeFrame,
        productId,
        await readProductPicture(productId),
      );
      return { html: page, perRequest: true };
    }
    const drawn = listing ? firstListingRequest(pathname, request.search ?? '', request.cookie) : undefined;
    if (listing && drawn) {
      const reply = await readListing(drawn.request);
      const page = reply === undefined ? undefined : listingPageWithCards(listing, drawn, reply);
      if (page !== undefined) return { html: page, perRequest: true };
    }
    const page = prerendered.get(pathname);
    if (page) return shared(page);
    const screen = screensByRoute.find(({ route }) => route.test(pathname))?.screen;
    return shared(screen ? screenShells.get(screen) : undefined);
  };
}

/** A handful of shells (one per screen, one per first banner): each compressed once, as the build does its files. */
const encoded = new Map<string, { br: Buffer; gzip: Buffer }>();
const encodedLimit = 32;

/**
 * The shell in the encoding Accept-Encoding asks for (brotli preferred, as compression.ts does). Compressed here:
 * compression's hooks are added per route, and the handler that serves client routes is no route. A shell made for one
 * request (`perRequest`: a product's, a listing's for an area) is compressed on each request as compression.ts
 * compresses replies (brotli 4: under a millisecond for a few kB, where 11 takes about ten) and not kept: there are as
 * many as products, or categories × areas.
 */
export function encodeShell(
  html: string,
  acceptEncoding: string | undefined,
  perRequest = false,
): { body: Buffer | string; encoding?: 'br' | 'gzip' } {
  const accepted = (acceptEncoding ?? '').split(',').flatMap((part) => {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return q !== undefined && Number(q.slice(2)) === 0 ? [] : [name];
  });
  const wanted = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined;
  if (!wanted) return { body: html };
  if (perRequest) {
    const body = wanted === 'br' ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(html, { level: 6 });
    return { body, encoding: wanted };
  }
  let copies = encoded.get(html);
  if (!copies) {
    if (encoded.size >= encodedLimit) encoded.clear();
    copies = {
      br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    encoded.set(html, copies);
  }
  return { body: copies[wanted], encoding: wanted };
}
