import { lazy, Suspense, type ComponentType } from 'react';
import * as css from './layout/page-frame.css.ts';

/**
 * Screens loaded on demand, so the store's first load stays small (DESIGN.md budgets: /store under 100 kB gzip):
 * every screen comes in its own chunk, fetched when its route is first shown; the shell (header, footer, menus) and
 * the app's actors are all the first load holds besides the screen itself.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Page = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: P) {
    return (
      <Suspense
        fallback={
          <p className={css.centered} role="status">
            Loading…
          </p>
        }
      >
        <Page {...props} />
      </Suspense>
    );
  };
}

// The storefront's listings, search and the product page (which brings downshift's select with it); the store home
// itself is in the first load (app-routes.tsx).
export const CategoryListingPage = onDemand(async () => (await import('./store/listing/category-listing-page.tsx')).CategoryListingPage);
export const LegacyCategoryPage = onDemand(async () => (await import('./store/listing/legacy-category-page.tsx')).LegacyCategoryPage);
export const SearchResultsPage = onDemand(async () => (await import('./store/listing/search-results-page.tsx')).SearchResultsPage);
// The store carousel and map of sample stores at the foot of /store: its slot waits to be scrolled near, then loads the map.
export const StoresSlot = onDemand(async () => (await import('./store/stores/stores-slot.tsx')).StoresSlot);
export const ProductPage = onDemand(async () => (await import('./store/product/product-page.tsx')).ProductPage);
// The entry screens: the age gate, the splash and the served-zips list.
export const Landing = onDemand(async () => (await import('./pages/landing.tsx')).Landing);
export const SplashPage = onDemand(async () => (await import('./pages/splash-page.tsx')).SplashPage);
export const ServedZips = onDemand(async () => (await import('./pages/served-zips.tsx')).ServedZips);
export const AuthScreen = onDemand(async () => (await import('./auth/auth-screen.tsx')).AuthScreen);
export const UpdatePasswordPage = onDemand(async () => (await import('./auth/update-password-page.tsx')).UpdatePasswordPage);
export const GuestRegisterPage = onDemand(async () => (await import('./auth/guest-register-page.tsx')).GuestRegisterPage);
export const ZipGatePage = onDemand(async () => (await import('./auth/zip-gate-page.tsx')).ZipGatePage);
export const WalletShippingPage = onDemand(async () => (await import('./wallet/wallet-shipping-page.tsx')).WalletShippingPage);
export const WalletProductsPage = onDemand(async () => (await import('./wallet/wallet-products-page.tsx')).WalletProductsPage);
export const CartPage = onDemand(async () => (await import('./cart/cart-page.tsx')).CartPage);
export const CheckoutPage = onDemand(async () => (await import('./checkout/checkout-page.tsx')).CheckoutPage);
export const PaymentSuccessPage = onDemand(async () => (await import('./checkout/payment-result-page.tsx')).PaymentSuccessPage);
export const PaymentFailPage = onDemand(async () => (await import('./checkout/payment-result-page.tsx')).PaymentFailPage);
export const DeliveryOptionsPage = onDemand(async () => (await import('./dine-in/delivery-options-page.tsx')).DeliveryOptionsPage);
export const PartnerLocatorPage = onDemand(async () => (await import('./dine-in/partner-locator-page.tsx')).PartnerLocatorPage);
export const KycPage = onDemand(async () => (await import('./kyc/kyc-page.tsx')).KycPage);
export const VerifyFacePage = onDemand(async () => (await import('./kyc/verify-face-page.tsx')).VerifyFacePage);
export const SettingsPage = onDemand(async () => (await import('./account/settings-page.tsx')).SettingsPage);
export const OrderStatusPage = onDemand(async () => (await import('./account/order-status-page.tsx')).OrderStatusPage);
// The static pages (footer links) load on demand too.
export const AboutUsPage = onDemand(async () => (await import('./info/policy-pages.tsx')).AboutUsPage);
export const PrivacyPolicyPage = onDemand(async () => (await import('./info/policy-pages.tsx')).PrivacyPolicyPage);
export const TermsPage = onDemand(async () => (await import('./info/policy-pages.tsx')).TermsPage);
export const RefundPolicyPage = onDemand(async () => (await import('./info/policy-pages.tsx')).RefundPolicyPage);
export const ContactUsPage = onDemand(async () => (await import('./info/contact-page.tsx')).ContactUsPage);
export const FaqPage = onDemand(async () => (await import('./info/faq-page.tsx')).FaqPage);
