import { isValidElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import * as css from './layout/page-frame.css.ts';

/**
 * Screens loaded on demand, so the store's first load stays small (DESIGN.md budgets: /store under 100 kB gzip):
 * every screen comes in its own chunk, fetched when its route is first shown; the shell (header, footer, menus) and
 * the app's actors are all the first load holds besides the screen itself.
 */
/** Each on-demand screen's loader, by its component: what `loadScreensOf` starts before the first render. */
const loaders = new Map<unknown, () => Promise<unknown>>();

function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load().then((screen) => (loaded = screen)));
  const Page = lazy(async () => ({ default: await start() }));
  function OnDemand(props: P) {
    // A screen already loaded (main.tsx loads the first one before the first render) renders at once: lazy() always
    // suspends for a moment, and its 'Loading…' would blank the page the server drew (a listing's cards, a product's
    // picture, a static page). Chosen once per mount, so a screen never remounts when its chunk arrives.
    const [Screen] = useState<ComponentType<P>>(() => loaded ?? Page);
    return (
      <Suspense
        fallback={
          <p className={css.centered} role="status">
            Loading…
          </p>
        }
      >
        <Screen {...props} />
      </Suspense>
    );
  }
  loaders.set(OnDemand, start);
  return OnDemand;
}

/** What loads the on-demand screen an element shows (a route's element), if it is one. */
export const screenLoaderOf = (element: ReactNode) => (isValidElement(element) ? loaders.get(element.type) : undefined);

// The storefront's listings, search and the product page (which brings downshift's select with it); the store home
// itself is in the first load (app-routes.tsx).
export const CategoryListingPage = onDemand(async () => (await import('./store/listing/category-listing-page.tsx')).CategoryListingPage);
export const LegacyCategoryPage = onDemand(async () => (await import('./store/listing/legacy-category-page.tsx')).LegacyCategoryPage);
export const SearchResultsPage = onDemand(async () => (await import('./store/listing/search-results-page.tsx')).SearchResultsPage);
export const ProductPage = onDemand(async () => (await import('./store/product/product-page.tsx')).ProductPage);
// The entry screens: the age gate, the splash and the served-zips list.
export const Landing = onDemand(async () => (await import('./pages/landing.tsx')).Landing);
export const SplashPage = onDemand(async () => (await import('./pages/splash-page.tsx')).SplashPage);
export const ServedZips = onDemand(async () => (await import('./pages/served-zips.tsx')).ServedZips);
// Screens of one area share one import: each import() costs the first load its list of chunks.
const authScreens = () => import('./auth/auth-screens.ts');
export const AuthScreen = onDemand(async () => (await authScreens()).AuthScreen);
export const UpdatePasswordPage = onDemand(async () => (await authScreens()).UpdatePasswordPage);
export const GuestRegisterPage = onDemand(async () => (await authScreens()).GuestRegisterPage);
export const ZipGatePage = onDemand(async () => (await authScreens()).ZipGatePage);
const walletScreens = () => import('./wallet/wallet-screens.ts');
export const WalletShippingPage = onDemand(async () => (await walletScreens()).WalletShippingPage);
export const WalletProductsPage = onDemand(async () => (await walletScreens()).WalletProductsPage);
export const CartPage = onDemand(async () => (await import('./cart/cart-page.tsx')).CartPage);
export const CheckoutPage = onDemand(async () => (await import('./checkout/checkout-page.tsx')).CheckoutPage);
const paymentResultPages = () => import('./checkout/payment-result-page.tsx');
export const PaymentSuccessPage = onDemand(async () => (await paymentResultPages()).PaymentSuccessPage);
export const PaymentFailPage = onDemand(async () => (await paymentResultPages()).PaymentFailPage);
const dineInScreens = () => import('./dine-in/dine-in-screens.ts');
export const DeliveryOptionsPage = onDemand(async () => (await dineInScreens()).DeliveryOptionsPage);
export const PartnerLocatorPage = onDemand(async () => (await dineInScreens()).PartnerLocatorPage);
const kycScreens = () => import('./kyc/kyc-screens.ts');
export const KycPage = onDemand(async () => (await kycScreens()).KycPage);
export const VerifyFacePage = onDemand(async () => (await kycScreens()).VerifyFacePage);
// The store's side (issue 24): the seller and staff consoles, never in a shopper's first load.
const consolePages = () => import('./console/console-page.tsx');
export const SellerConsolePage = onDemand(async () => (await consolePages()).SellerConsolePage);
export const StaffConsolePage = onDemand(async () => (await consolePages()).StaffConsolePage);
const accountScreens = () => import('./account/account-screens.ts');
export const SettingsPage = onDemand(async () => (await accountScreens()).SettingsPage);
export const OrderStatusPage = onDemand(async () => (await accountScreens()).OrderStatusPage);
// The static pages (footer links) load on demand too.
const policyPages = () => import('./info/policy-pages.tsx');
export const AboutUsPage = onDemand(async () => (await policyPages()).AboutUsPage);
export const PrivacyPolicyPage = onDemand(async () => (await policyPages()).PrivacyPolicyPage);
export const TermsPage = onDemand(async () => (await policyPages()).TermsPage);
export const RefundPolicyPage = onDemand(async () => (await policyPages()).RefundPolicyPage);
export const ContactUsPage = onDemand(async () => (await import('./info/contact-page.tsx')).ContactUsPage);
export const FaqPage = onDemand(async () => (await import('./info/faq-page.tsx')).FaqPage);
