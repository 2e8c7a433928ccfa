import useSWR from 'swr';
import { partnerLocator } from './dine-in.api.ts';

/** The partner restaurants near a zip (the /party/locator screen); nothing is asked without a zip. */
export function usePartnerLocator(zipcode: string | undefined) {
  return useSWR(zipcode ? ['partnerlocator', zipcode] : null, () => partnerLocator(zipcode ?? ''));
}
