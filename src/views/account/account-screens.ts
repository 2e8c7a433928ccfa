// The account's settings and an order's status: one chunk, one import() in the first load (lazy-pages.tsx).
export { OrderStatusPage } from './order-status-page.tsx';
export { SettingsPage } from './settings-page.tsx';
