import { is } from 'superstruct';
import { pageListing, pageListingElementId, type PageListing } from './contract/page-listing.contract.ts';
import type { ListingReply } from './contract/catalogue.contract.ts';

let read: { listing: PageListing | undefined; taken: boolean } | undefined;

/** The SWR key a category listing is kept under (listing.swr.ts): the same for the page's request and the app's. */
export const listingKey = (request: unknown) => ['listing', request] as const;

/** A request as text, its keys sorted and undefined left out (as SWR hashes a key and as JSON carries it). */
function requestText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(requestText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => `${JSON.stringify(key)}:${requestText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function pageListingRead(): { listing: PageListing | undefined; taken: boolean } | undefined {
  if (read) return read;
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(pageListingElementId)?.textContent;
  let listing: PageListing | undefined;
  try {
    const value: unknown = text ? JSON.parse(text) : undefined;
    listing = is(value, pageListing) ? value : undefined;
  } catch {
    listing = undefined;
  }
  read = { listing, taken: false };
  return read;
}

/**
 * The listing this page arrived with (server/http/spa-shell.ts draws a category's first page for the area cookie),
 * read once and checked against the contract: only for the very request it answers (compared by value, as SWR compares keys),
 * and only until the listing that showed it has mounted (`pageListingTaken`): a later visit asks the server.
 */
export function pageListingFor(request: unknown): ListingReply | undefined {
  const page = pageListingRead();
  if (!page?.listing || page.taken) return undefined;
  return requestText(page.listing.key) === requestText(request) ? page.listing.reply : undefined;
}

/** The listing drawn from the page has mounted: from now on the page's data is not offered again. */
export function pageListingTaken(): void {
  if (read) read.taken = true;
}
