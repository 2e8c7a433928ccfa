import { createContext } from 'react';
import type { ListingReply } from '../../../api/contract/catalogue.contract.ts';
import { pageListingFor } from '../../../api/listing.swr.ts';
import type { ListingRequest } from '../../../rules/listing-query.ts';

/**
 * What a category listing shows before its call answers. In the browser: the first page the server drew for the
 * shopper's area cookie, for that request only (docs/decisions/066). At build time (src/views/prerender-shells.tsx):
 * the stand-in listing the server writes a category's own cards over.
 */
export interface ListingPageShell {
  reply: (request: ListingRequest) => ListingReply | undefined;
}

export const ListingPageShellContext = createContext<ListingPageShell>({ reply: pageListingFor });
