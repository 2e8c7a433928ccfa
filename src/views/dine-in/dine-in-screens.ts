// Dine-in's two screens, walked one after the other: one chunk, one import() in the first load (lazy-pages.tsx).
export { DeliveryOptionsPage } from './delivery-options-page.tsx';
export { PartnerLocatorPage } from './partner-locator-page.tsx';
