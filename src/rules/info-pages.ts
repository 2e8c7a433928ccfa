/**
 * The footer's links to the store's static pages (spec section 1, "Static pages"), in the order shown. Apart from
 * store-policies.ts, whose facts only those pages read: the footer is on every page's first load.
 */
export const infoPages = [
  { path: '/about-us', title: 'About Us' },
  { path: '/faq', title: 'FAQ' },
  { path: '/contact-us', title: 'Contact Us' },
  { path: '/refund-policy', title: 'Cancellations and Refunds' },
  { path: '/terms-conditions', title: 'Terms and Conditions' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
] as const;
