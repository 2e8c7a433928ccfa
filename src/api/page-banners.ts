import { array, is } from 'superstruct';
import { banner, pageBannersElementId, type Banner } from './contract/home.contract.ts';

let read: { banners: Banner[] | undefined } | undefined;

/**
 * The banners this page arrived with (server/http/spa-shell.ts writes them into /store's page), read once and
 * checked against the contract; none outside a browser or on other pages.
 */
export function pageBanners(): Banner[] | undefined {
  if (read) return read.banners;
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(pageBannersElementId)?.textContent;
  let banners: Banner[] | undefined;
  try {
    const value: unknown = text ? JSON.parse(text) : undefined;
    banners = is(value, array(banner)) ? value : undefined;
  } catch {
    banners = undefined;
  }
  read = { banners };
  return banners;
}
