import { is } from 'superstruct';
import { categoryQuery, listingReply, type CategoryQuery, type ListingReply } from '../../src/api/contract/catalogue.contract.ts';
import type { ProductSummary } from '../../src/api/contract/product-summary.contract.ts';
import {
  pageListingElementId,
  prerenderedListingCard,
  prerenderedListingTitle,
  prerenderedListingZip,
} from '../../src/api/contract/page-listing.contract.ts';
import { ageRestrictedCardNotice } from '../../src/rules/age-restricted-labels.ts';
import type { CookieArea } from '../../src/rules/area-cookie.ts';
import { areaFromCookieHeader } from '../../src/rules/area-cookie-header.ts';
import { listingQueryString, listingRequest, parseListingQuery, parseCategoryId, type ListingRequest } from '../../src/rules/listing-query.ts';
import { productCardPath } from '../../src/rules/product-path.ts';
import { cardPriceLabel } from '../../src/rules/sizes.ts';
import { isVisitSpeed, speedName } from '../../src/rules/speeds.ts';
import { cardEstimate } from '../../src/rules/weight-estimate.ts';
import { parseWith } from './validate.ts';

/**
 * A category listing's first page drawn by the server (docs/decisions/066): for a shopper whose area cookie
 * (src/rules/area-cookie.ts) names an area, the prerendered listing frame (src/views/prerender-shells.tsx, one
 * stand-in card whose every part shows) gets the category's title, the shopper's zip and one card per product of the
 * reply, made from the stand-in's own markup the way ProductCard draws it (tests/views/listing-shell.test.tsx holds
 * the two to the same HTML), and the reply as JSON the app takes as its first data. No cookie, a filtered or sorted
 * page, an empty listing: the store's frame as before.
 */

/** What React writes for text and attribute values (its escapeTextForBrowser). */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c);

/** JSON inside a `<script type="application/json">`: nothing in it can close the element. */
const scriptText = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Replaces the one `piece` with `value` taken literally (no `$` patterns). */
const put = (html: string, piece: string, value: string) => html.replace(piece, () => value);

/** The parts of the stand-in card, each exactly as the frame holds it. */
interface CardTemplate {
  card: string;
  href: string;
  image: string;
  mark: string;
  name: string;
  notice: string;
  price: { whole: string; text: string };
  estimate: { whole: string; text: string };
  speeds: { whole: string; open: string; speedOpen: string };
}

export interface ListingFrame {
  /** The frame up to the stand-in card's `<li>`'s content, and from its end on. */
  before: string;
  after: string;
  card: CardTemplate;
}

/** The element `<span …>text</span>` with that text, as the frame holds it. */
function spanWith(html: string, text: string): string | undefined {
  const escaped = escapeHtml(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<span[^>]*>${escaped}</span>`).exec(html)?.[0];
}

/** The prerendered listing frame taken apart once, at start; undefined when it is not the frame this expects. */
export function listingFrame(html: string): ListingFrame | undefined {
  const list = /<ul [^>]*aria-label="Products"[^>]*><li>/.exec(html);
  if (!list) return undefined;
  const start = list.index + list[0].length;
  const end = html.indexOf('</li></ul>', start);
  if (end < 0) return undefined;
  const card = html.slice(start, end);
  const sentinel = prerenderedListingCard;
  const href = `href="${escapeHtml(productCardPath(sentinel.id))}"`;
  const image = `src="${escapeHtml(sentinel.image)}"`;
  const name = `>${escapeHtml(sentinel.name)}<`;
  const priceText = cardPriceLabel(sentinel.child) ?? '';
  const estimateText = cardEstimate(sentinel) ?? '';
  const mark = /<span role="img"[^>]*>21\+<\/span>/.exec(card)?.[0];
  const notice = spanWith(card, ageRestrictedCardNotice(false));
  const price = spanWith(card, priceText);
  const estimate = spanWith(card, estimateText);
  const [first, ...rest] = sentinel.speed_types;
  const firstSpeed = first === undefined ? undefined : spanWith(card, speedName(first));
  const speedOpen = firstSpeed?.slice(0, firstSpeed.indexOf('>') + 1);
  const speedsInner = [firstSpeed, ...rest.map((speed) => `${speedOpen ?? ''}${escapeHtml(speedName(speed))}</span>`)].join('');
  const speedsAt = card.indexOf(speedsInner);
  const open = speedsAt < 0 ? undefined : /<span[^>]*>$/.exec(card.slice(0, speedsAt))?.[0];
  const pieces = [href, image, name];
  if (!mark || !notice || !price || !estimate || !speedOpen || !open || pieces.some((piece) => !card.includes(piece))) return undefined;
  // Drawn for a listing page, the frame's title and zip stand-ins must be there to be written over.
  if (!html.includes(prerenderedListingTitle) || !html.includes(prerenderedListingZip)) return undefined;
  return {
    before: html.slice(0, start - '<li>'.length),
    after: html.slice(end + '</li>'.length),
    card: {
      card,
      href,
      image,
      mark,
      name,
      notice,
      price: { whole: price, text: escapeHtml(priceText) },
      estimate: { whole: estimate, text: escapeHtml(estimateText) },
      speeds: { whole: `${open}${speedsInner}</span>`, open, speedOpen },
    },
  };
}

/** One product's card, from the stand-in's markup, in ProductCard's order (src/views/store/product-card.tsx). */
export function cardHtml(template: CardTemplate, product: ProductSummary, eager: boolean): string {
  const price = cardPriceLabel(product.child);
  const estimate = cardEstimate(product);
  const speeds = product.speed_types.map((speed) => `${template.speeds.speedOpen}${escapeHtml(speedName(speed))}</span>`).join('');
  // The parts first, the free text (name, addresses) last, so nothing written in is taken for a stand-in.
  let html = template.card;
  html = put(html, template.speeds.whole, speeds === '' ? '' : `${template.speeds.open}${speeds}</span>`);
  html = put(html, template.estimate.whole, estimate === undefined ? '' : put(template.estimate.whole, template.estimate.text, escapeHtml(estimate)));
  html = put(html, template.price.whole, price === undefined ? '' : put(template.price.whole, template.price.text, escapeHtml(price)));
  html = put(html, template.notice, product.age_restricted ? template.notice : '');
  html = put(html, template.mark, product.age_restricted ? template.mark : '');
  // The first row's pictures are the page's largest paint: fetched at once, not when layout finds them on screen.
  if (eager) html = html.replace(' loading="lazy"', '');
  html = put(html, template.href, `href="${escapeHtml(productCardPath(product.id, product.vendor_loc_id))}"`);
  html = put(html, template.image, `src="${escapeHtml(product.image)}"`);
  html = put(html, template.name, `>${escapeHtml(product.name)}<`);
  return `<li>${html}</li>`;
}

/** The listing a category path names (/store/category/{name}/{name}/{id}, /store/category/{type}/{id}), with its title. */
export function categoryListingOf(pathname: string): { categoryId: number; title: string } | undefined {
  const match = /^\/store\/category\/(?:[^/]+\/)?([^/]+)\/([^/]+)$/.exec(pathname);
  if (!match) return undefined;
  const [, rawTitle = '', rawId = ''] = match;
  const categoryId = parseCategoryId(rawId);
  if (categoryId === undefined) return undefined;
  try {
    // As React Router gives the page its title: the segment decoded.
    return { categoryId, title: decodeURIComponent(rawTitle) };
  } catch {
    return undefined;
  }
}

/**
 * The request the listing page makes first for this path, query and area cookie (the app's own rule,
 * src/rules/listing-query.ts), when the server draws it: the category's plain first view only — a sort, a page size,
 * a page or filters in the query are drawn by the app, whose toolbar and pagination show them.
 */
export function firstListingRequest(
  pathname: string,
  search: string,
  cookieHeader: string | undefined,
): { title: string; area: CookieArea; request: Extract<ListingRequest, { method: 'GET' }> } | undefined {
  const area = areaFromCookieHeader(cookieHeader);
  const listing = area ? categoryListingOf(pathname) : undefined;
  if (!area || !listing) return undefined;
  // Dine-In or Pick-Up without the restaurant in the cookie (written before it carried one): the cards would show the
  // area's lowest prices, not the chosen restaurant's; the app draws them.
  if (isVisitSpeed(area.courier_type) && area.vendor_location_id === undefined) return undefined;
  const state = parseListingQuery(search);
  if (listingQueryString(state) !== '') return undefined;
  const request = listingRequest(state, area, listing.categoryId);
  return request.method === 'GET' ? { title: listing.title, area, request } : undefined;
}

/**
 * The listing frame with the category's title, the shopper's zip and the reply's cards in place of the stand-in, its
 * filter column left empty for the app to fill, the first picture preloaded, and `{ key, reply }` as JSON. Undefined
 * when the reply has nothing to draw (an area not served, an empty category): the app says so itself.
 */
export function listingPageWithCards(
  frame: ListingFrame,
  drawn: { title: string; area: CookieArea; request: ListingRequest },
  replyJson: string,
): string | undefined {
  let reply: ListingReply;
  try {
    const value: unknown = JSON.parse(replyJson);
    if (!is(value, listingReply)) return undefined;
    reply = value;
  } catch {
    return undefined;
  }
  const products = reply.data?.products ?? [];
  const [first] = products;
  if (reply.code !== 1 || !first || (reply.data?.filters.length ?? 0) === 0) return undefined;
  const cards = products.map((product, index) => cardHtml(frame.card, product, index < firstRowCards)).join('');
  const title = escapeHtml(drawn.title);
  const zip = escapeHtml(drawn.area.zipcode);
  const page = `${frame.before}${cards}${frame.after}`
    .replaceAll(prerenderedListingTitle, () => title)
    .replaceAll(prerenderedListingZip, () => zip)
    .replace(/(<aside [^>]*aria-label="Filters"[^>]*>)[\s\S]*?<\/aside>/, (_all, open: string) => `${open}</aside>`);
  const data = `<script type="application/json" id="${pageListingElementId}">${scriptText(`{"key":${JSON.stringify(drawn.request)},"reply":${replyJson}}`)}</script>`;
  const preload = `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(first.image)}">`;
  return page.replace('</head>', `  ${preload}\n    ${data}\n  </head>`);
}

/** Cards a row holds at the widest layout (listing-view.css.ts): their pictures load at once. */
const firstRowCards = 4;

/**
 * The listing's reply for the shell, read as GET /connect/index/category reads it (`read`: the route's own reader, its
 * kept replies): the request's query checked by the route's contract from its text, as it would arrive. Its JSON, or
 * undefined when the query is refused or the read fails (the page is then drawn by the app).
 */
export function listingForShell(read: (query: CategoryQuery) => Promise<{ body: string }>) {
  return async (request: Extract<ListingRequest, { method: 'GET' }>): Promise<string | undefined> => {
    const text = Object.fromEntries(Object.entries(request.query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
    try {
      return (await read(parseWith(categoryQuery, text))).body;
    } catch {
      return undefined;
    }
  };
}
