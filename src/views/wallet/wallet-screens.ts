// The wallet's two screens, one chunk: one import() in the first load instead of two (lazy-pages.tsx).
export { WalletProductsPage } from './wallet-products-page.tsx';
export { WalletShippingPage } from './wallet-shipping-page.tsx';
