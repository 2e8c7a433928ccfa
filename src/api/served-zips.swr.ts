import useSWR from 'swr';
import { currentServiceArea } from './location.api.ts';

/** The served zips of a city, and every served city (for a city we do not serve yet). */
export function useServedZips(city: string, state: string) {
  return useSWR(['currentservicearea', city, state], () => currentServiceArea(city, state));
}
