import { lazy, Suspense, type ComponentType } from 'react';
import * as css from './layout/page-frame.css.ts';

/**
 * Screens loaded on demand, so the store's first load stays small (DESIGN.md budgets): the accounts screens and the
 * captcha widget they carry come in their own chunks.
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
