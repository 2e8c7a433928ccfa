import { lazy, Suspense } from 'react';
import { createRoutesFromChildren, matchRoutes, Navigate, Route, Routes } from 'react-router-dom';
import { AgeGated } from './layout/age-gated.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { SignedOutOnly } from './layout/signed-out-only.tsx';
import {
  AboutUsPage,
  AuthScreen,
  CartPage,
  CategoryListingPage,
  CheckoutPage,
  ContactUsPage,
  FaqPage,
  GuestRegisterPage,
  Landing,
  LegacyCategoryPage,
  screenLoaderOf,
  PaymentFailPage,
  PaymentSuccessPage,
  PrivacyPolicyPage,
  ProductPage,
  RefundPolicyPage,
  SearchResultsPage,
  ServedZips,
  SplashPage,
  TermsPage,
  UpdatePasswordPage,
  ZipGatePage,
} from './lazy-pages.tsx';
import {
  DeliveryOptionsPage,
  KycPage,
  OrderStatusPage,
  SellerConsolePage,
  StaffConsolePage,
  PartnerLocatorPage,
  SettingsPage,
  VerifyFacePage,
  WalletProductsPage,
  WalletShippingPage,
} from './lazy-pages.tsx';
import { NotFound } from './layout/not-found.tsx';
// The one screen in the first load: /store is where shoppers land, and its data request should not wait for a chunk.
import { StoreHome } from './store/store-home.tsx';

/** /flows exists in development builds only: `vite build` replaces import.meta.env.DEV by false and drops the import. */
const FlowsPage = import.meta.env.DEV ? lazy(async () => ({ default: (await import('../dev/flows-page.tsx')).FlowsPage })) : undefined;

/** Only routes whose screens exist are registered; every other path is the 404 screen. */
const routeTree = (
  <>
    <Route path="/" element={<Landing />} />
    <Route path="/home" element={<ZipGatePage />} />
    <Route path="/splash" element={<SplashPage />} />
    {FlowsPage && (
      <Route
        path="/flows"
        element={
          <Suspense fallback={null}>
            <FlowsPage />
          </Suspense>
        }
      />
    )}
    {/* The old template's header route: the store is where its links led. */}
    <Route path="/header" element={<Navigate to="/store" replace />} />
    {/* A target the spec names for the saved addresses: they are kept on My Account's MY SHIPPING ADDRESS. */}
    <Route path="/profile/addresses" element={<Navigate to="/setting/user#shipping-addresses" replace />} />
    <Route element={<AppLayout />}>
      {/* One element for the three paths, so the links between them switch the form in place; it reads the path itself. */}
      <Route element={<AuthScreen />}>
        <Route path="/signIn" element={null} />
        <Route path="/createAccount" element={null} />
        <Route path="/forgot/password" element={null} />
      </Route>
      <Route path="/account/resetpassword" element={<UpdatePasswordPage />} />
      <Route path="/setting/:settingParam" element={<SettingsPage />} />
      <Route path="/order/status" element={<OrderStatusPage />} />
      <Route path="/seller" element={<SellerConsolePage />} />
      <Route path="/staff" element={<StaffConsolePage />} />
      {/* /kyc?mode=update is the same screen opened from /setting/user, with Cancel back there. */}
      <Route path="/kyc" element={<KycPage />} />
      {/* The checkout's face check on its own, for the open cart; a match continues to /cart/checkout. */}
      <Route path="/verifyFace" element={<VerifyFacePage />} />
      <Route element={<AgeGated />}>
        <Route path="/store" element={<StoreHome />} />
        <Route path="/ship/options" element={<DeliveryOptionsPage />} />
        <Route path="/party/locator" element={<PartnerLocatorPage />} />
        <Route path="/cart" element={<CartPage />} />
        <Route path="/cart/:cartflow" element={<CheckoutPage />} />
        <Route path="/wallet/shipping" element={<WalletShippingPage />} />
        <Route path="/wallet/product/:retailerId" element={<WalletProductsPage />} />
        <Route path="/payment/success" element={<PaymentSuccessPage />} />
        <Route path="/payment/fail" element={<PaymentFailPage />} />
        <Route path="/store/:productId" element={<ProductPage />} />
        <Route path="/store/category/:categoryName/:categoryName2/:categoryId" element={<CategoryListingPage />} />
        <Route path="/store/category/:categoryType/:categoryId" element={<CategoryListingPage />} />
        <Route path="/store/search" element={<SearchResultsPage />} />
        <Route path="/search" element={<SearchResultsPage />} />
        <Route path="/category/:categoryName" element={<LegacyCategoryPage />} />
        <Route path="/category/:categoryName/product/:productId" element={<ProductPage />} />
        <Route element={<SignedOutOnly />}>
          <Route path="/guest/register" element={<GuestRegisterPage />} />
        </Route>
      </Route>
      <Route element={<SignedOutOnly />}>
        <Route path="/currentZipCodes/:city/:state" element={<ServedZips />} />
      </Route>
      <Route path="/about-us" element={<AboutUsPage />} />
      <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
      <Route path="/terms-conditions" element={<TermsPage />} />
      <Route path="/refund-policy" element={<RefundPolicyPage />} />
      <Route path="/contact-us" element={<ContactUsPage />} />
      <Route path="/faq" element={<FaqPage />} />
      <Route path="*" element={<NotFound />} />
    </Route>
  </>
);

export function AppRoutes() {
  return <Routes>{routeTree}</Routes>;
}

/**
 * Loads the on-demand screens the path shows before the app's first render (main.tsx), so a page the server drew goes
 * straight to the app's without a 'Loading…' between (its chunks are modulepreloaded: usually already here). A chunk
 * that fails to load is left to the screen's own loading, which shows it.
 */
export async function loadScreensFor(pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromChildren(routeTree), pathname) ?? [];
  await Promise.allSettled(matches.map((match) => screenLoaderOf(match.route.element)?.()));
}
