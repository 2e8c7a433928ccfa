import useSWR from 'swr';
import type { SpeedType } from './contract/product-summary.contract.ts';

/**
 * The category tree (the same in every area), for the header menu and the legacy /category routes. The header is in
 * the store's first load; the listing calls and their structs come with the first list asked for, not before.
 */
export function useCategoryList(courierType: SpeedType | undefined) {
  // The last list stays while another speed's is asked for: the header's bar does not fall back to its empty row.
  return useSWR(['categorylist', courierType ?? ''], async () => (await import('./listing.api.ts')).getCategoryList(courierType), {
    keepPreviousData: true,
  });
}
