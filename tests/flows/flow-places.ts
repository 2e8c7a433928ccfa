/**
 * What the code cannot tell: the route(s) where a shopper meets each flow and the spec section it implements. Kept by
 * hand, one line per machine id; a machine missing here is still documented, with "not mapped yet" in the index.
 * Spec files: S = ../shared/spec/storefront.md, C = ../shared/spec/cart-checkout-account.md.
 */
export interface FlowPlace {
  routes: string[];
  spec: string;
}

export const flowPlaces: Record<string, FlowPlace> = {
  accountDashboard: { routes: ['/setting/user'], spec: 'C §2 "Account tab (/setting/user)", §4 "Account"' },
  accountMenu: { routes: ['every page (header)'], spec: 'S §2 "Header"' },
  addCard: { routes: ['/cart/card', '/setting/user'], spec: 'C §4 "Add card sequence"' },
  addressForm: {
    routes: ['/cart/address', '/setting/user'],
    spec: 'C §2 "Checkout tabs" (1. Shipping address screen), "Account tab (/setting/user)"; C §5 (address fields)',
  },
  addToCart: { routes: ['/store/{productId}'], spec: 'S §2 "Product detail", §4 "Add to cart"' },
  ageGate: { routes: ['/'], spec: 'S §2 "Screens and routes" (/ landing or age gate)' },
  auth: { routes: ['/signIn', '/createAccount', '/forgot/password'], spec: 'C §2 "Sign in", "Create account", "Forgot password"; §4 "Register"' },
  cardList: { routes: ['/cart/card', '/setting/user'], spec: 'C §4 "Card screen"' },
  cart: { routes: ['/cart'], spec: 'C §2 "Cart page"; §4 "Checkout gating", "Quantity change"' },
  cartCoupon: { routes: ['/cart', '/cart/checkout'], spec: 'C §2 "Cart page" (coupon box)' },
  cartLines: { routes: ['/cart'], spec: 'C §4 "Quantity change"' },
  checkout: { routes: ['/cart/{cartflow}'], spec: 'C §2 "Checkout tabs"; §4 "Place order"' },
  checkoutAddress: { routes: ['/cart/address'], spec: 'C §4 "Address screen"' },
  checkoutCard: { routes: ['/cart/card'], spec: 'C §4 "Card screen", "Payment choice"' },
  checkoutSpeed: { routes: ['/cart/speed'], spec: 'C §4 "Delivery speed"' },
  checkoutSummary: { routes: ['/cart/checkout'], spec: 'C §4 "Place order"' },
  deliveryGroup: { routes: ['/cart'], spec: 'C §2 "Cart page" (delivery date per vendor)' },
  deliveryOptions: { routes: ['/ship/options'], spec: 'S §2 "Delivery options screen", §4 "Delivery options"' },
  entry: { routes: ['/'], spec: 'S §2 "Screens and routes" (/ landing: age gate, then the Delivery Pincode dialog)' },
  faceVerify: { routes: ['/cart/face', '/verifyFace'], spec: 'C §4 "Face verify"' },
  guestRegister: { routes: ['/guest/register'], spec: 'C §2 "Routes in this area" (/guest/register)' },
  kyc: { routes: ['/kyc'], spec: 'C §2 "KYC screen", §4 "KYC"' },
  myOrders: { routes: ['/setting/order'], spec: 'C §2 "Orders tab (/setting/order)", §4 "Orders"' },
  notifications: { routes: ['every page (toasts)'], spec: 'S §2 "Toasts", §4 (toast lifetimes)' },
  orderStatus: { routes: ['/order/status'], spec: 'C §2 "Routes in this area" (/order/status)' },
  paymentOptions: { routes: ['/cart/card'], spec: 'C §4 "Payment choice"' },
  pageAccess: {
    routes: [
      '/setting/{settingParam}',
      '/order/status',
      '/account/resetpassword',
      '/signIn',
      '/createAccount',
      '/forgot/password',
      '/guest/register',
      '/currentZipCodes/{city}/{state}',
    ],
    spec: 'C §2 "Routes in this area", "Sign in", "Update password"; C §6 "Roles and permissions"',
  },
  pincode: { routes: ['/', 'every page (header Change link)'], spec: 'S §2 "Delivery Pincode dialog", §4 (selecting a pincode)' },
  searchBox: { routes: ['every page (header)'], spec: 'S §2 "Search bar \'SEARCH PRODUCTS\'", §4 (search debounce)' },
  session: { routes: ['every page (app-wide)'], spec: 'S §3 and C §3 (client-stored values)' },
  settingTabs: { routes: ['/setting/{settingParam}'], spec: 'C §2 "Routes in this area" (/setting/{settingParam})' },
  splash: { routes: ['/splash'], spec: 'C §2 "Splash"' },
  storeDoor: { routes: ['/store and every store page'], spec: 'S §2 "Screens and routes" (the age gate before the store)' },
  updatePassword: { routes: ['/account/resetpassword'], spec: 'C §2 "Update password"' },
  walletPanel: { routes: ['/setting/order'], spec: 'C §2 "Wallet", §4 "Wallet"' },
  walletProducts: { routes: ['/wallet/product/{retailerId}'], spec: 'S §2 "Wallet product list"; S §4 (wallet add to cart)' },
  walletRetailers: { routes: ['/wallet/shipping', '/wallet/product/{retailerId}'], spec: 'S §2 "Dine-in retailer selection (wallet entry)"' },
  zipGate: { routes: ['/home'], spec: 'C §2 "Zipcode entry gate"' },
  zipSuggestion: { routes: ['/', 'every page (pincode dialog)'], spec: 'S §4 (geo-IP prefill of the pincode)' },
};
