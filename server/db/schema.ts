import type { ColumnType, Generated } from 'kysely';
import type { GatewayKind } from '../../src/api/contract/payment.contract.ts';
import type { SubstitutionPreference, SubstitutionState } from '../../src/rules/catch-weight.ts';
import type { FulfilmentState } from '../../src/rules/fulfilment.ts';
import type { SizeUnit } from '../../src/rules/sizes.ts';
import type { WalletUnit } from '../../src/rules/wallet.ts';

/** Kysely's view of the tables the migrations create. Money is integer cents everywhere. */
/** An offer's speed (src/rules/speeds.ts): the three delivery speeds, and dine-in / pickup at a restaurant (migration 010). */
export type SpeedType = 'local' | 'courier' | 'farm-direct' | 'dine-in' | 'pickup';
/** A shop delivers at its own speed; a partner restaurant or bar (migration 010) sells for dine-in and pick-up. */
export type VendorKind = 'local' | 'courier' | 'farm-direct' | 'restaurant';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CategoriesTable {
  id: number;
  name: string;
  parent_id: number | null;
  position: number;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** The leaf category the product is filed under. */
  category_id: number;
  /** Which illustration the product's images use (chicken, beef, fish ...). */
  kind: string;
  taste_scale: number | null;
  skill_scale: number | null;
  time_minutes: number | null;
  review_count: Generated<number>;
  /** Orders over the last weeks: drives 'TOP PRODUCT IN YOUR AREA' and the home sections. */
  popularity: Generated<number>;
  /** Only a verified customer over 21 may order it (drinks); place order enforces it. */
  age_restricted: Generated<boolean>;
  /** The unit of its variants' bottle_size: grams for food, millilitres for drinks. */
  size_unit: Generated<SizeUnit>;
  /** Migration 026: priced at its nominal weight and weighed when packed (src/rules/catch-weight.ts). */
  sold_by_weight: Generated<boolean>;
  /** Weighted name > category > description; filled by refreshSearchVectors. */
  search_vector: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
}

/** Membership of products in categories: the leaf, its ancestors and curated collections. */
export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  url: string;
}

/** The spec's product "child": one weight of a product. */
export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  /** Weight in grams (millilitres for a product whose size_unit is 'ml'); 0 means "no size" and is hidden. */
  bottle_size: number;
  brand_name: string;
  product_type: string;
  product_category: string;
  country_of_manufacture: string | null;
  price_cents: number;
  maximum_price_cents: number;
}

export interface VendorsTable {
  id: number;
  name: string;
  kind: VendorKind;
}

export interface VendorLocationsTable {
  /** The spec's loc_id. */
  id: number;
  vendor_id: number;
  name: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zipcode: string;
  telephone: string;
  price_category: number;
  /** Couriers and farms ship to every served zip; local shops only to their own. */
  ships_nationwide: boolean;
  /** Migration 010, restaurants only: opening hours 'HH:MM' (every day, closes_at after opens_at) and a short description. */
  opens_at: ColumnType<string | null, string | null | undefined, string | null>;
  closes_at: ColumnType<string | null, string | null | undefined, string | null>;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A served zip and the local shop location that serves it. */
export interface ServiceAreasTable {
  zipcode: string;
  city: string;
  state: string;
  state_name: string;
  loc_id: number;
}

/** A variant sold by a vendor location at one speed, with its price and stock. */
export interface VariantOffersTable {
  id: Generated<number>;
  variant_id: number;
  loc_id: number;
  /** The delivery area (service_areas.loc_id) this offer is sold in; null = every served area (couriers, farms). */
  area_loc_id: number | null;
  speed: SpeedType;
  price_cents: number;
  stock: number;
}

export interface RelatedProductsTable {
  product_id: number;
  related_id: number;
  position: number;
}

export interface BannersTable {
  id: Generated<number>;
  image_url: string;
  alt: string;
  position: number;
}

export interface AdsTable {
  id: Generated<number>;
  image_url: string;
  text: string;
  position: number;
  /** Migration 037: the offer speeds the ad speaks of (null: none in particular); the home shows it by them (src/rules/promos.ts). */
  speeds: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
}

export interface CustomersTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased, trimmed email: the unique key, so emails compare case-insensitively. */
  email_normalized: string;
  first_name: string;
  last_name: string;
  /** Null for guest customers (email-only checkout). */
  password_hash: string | null;
  is_guest: boolean;
  newsletter: Generated<boolean>;
  notification: Generated<boolean>;
  dob: string | null;
  gender: string | null;
  is_verified: Generated<boolean>;
  created_at: CreatedAt;
  /** Migration 025: 'shopper', or a seller or staff user created by `npm run users`. */
  role: Generated<UserRole>;
}

export type UserRole = 'shopper' | 'seller' | 'staff';

/** Migration 025: the seller locations (vendor_locations.id) a seller user answers for. */
export interface SellerLocationsTable {
  customer_id: number;
  loc_id: number;
}

/** Migration 025: one fulfilment transition of an order, with its time, actor and reason. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  event: string;
  from_state: string;
  to_state: string;
  actor_role: string;
  actor_id: number | null;
  reason: string | null;
  created_at: CreatedAt;
  /** Migration 038: the seller's part the step moved; null for the whole order (a cancel, a reschedule). */
  deliverable_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Migration 030: each change to a location's day (close, reopen, seats, stock), by whom and why (decision 044). */
export interface CapacityChangesTable {
  id: Generated<number>;
  loc_id: number;
  actor_id: number;
  actor_role: string;
  change: 'close' | 'reopen' | 'seats' | 'stock';
  detail: string;
  reason: string | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  customer_id: number;
  /** SHA-256 of the api_token, hex; the token itself is never stored. */
  token_hash: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface CartsTable {
  /** Unguessable (32 random bytes, base64url): a guest cart id alone is its key. */
  id: string;
  customer_id: number | null;
  zipcode: string;
  loc_id: number;
  status: Generated<'open' | 'ordered' | 'cleared'>;
  coupon_code: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CartItemsTable {
  /** The spec's cart_rid. */
  id: Generated<number>;
  cart_id: string;
  variant_id: number;
  offer_id: number;
  qty: number;
  delivery_date: string | null;
  timeslot: string | null;
  created_at: CreatedAt;
  /** Migration 014: a line redeemed from this wallet entry (priced 0, no stock taken) at the restaurant wallet_loc_id. */
  wallet_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  wallet_loc_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Migration 028: cart lines kept for the zip they were chosen in (issue 23), back in the cart when it returns there. */
export interface CartKeptLinesTable {
  id: Generated<number>;
  cart_id: string;
  zipcode: string;
  variant_id: number;
  offer_id: number;
  qty: number;
  created_at: CreatedAt;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  customer_id: number;
  /** SHA-256 of the emailed reset token, hex; the token itself is never stored. */
  token_hash: string;
  expires_at: Date;
  /** Set when the token is spent (or when another reset succeeded): a token works once. */
  used_at: Date | null;
  created_at: CreatedAt;
}

/** Mail the default adapter "sends": kept here for the operator (and tests) to read. */
export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  created_at: CreatedAt;
}

/** Accepted captcha solutions, by challenge signature, until the challenge expires. */
export interface CaptchaUsesTable {
  signature: string;
  expires_at: Date;
}

/** Attempt counters: one row per limit key and fixed time window. */
export interface RateLimitsTable {
  key: string;
  window_start: Date;
  count: number;
}

export type CouponKind = 'percent' | 'fixed';

export interface CouponsTable {
  id: Generated<number>;
  /** Matched case-insensitively (unique on lower(code)); stored as shoppers see it. */
  code: string;
  kind: CouponKind;
  /** Basis points for percent (1000 = 10 %), cents for fixed. */
  amount: number;
  min_subtotal_cents: Generated<number>;
  expires_at: Date | null;
  /** Null: no limit. */
  usage_limit: number | null;
  /** Orders placed with the coupon; the checkout counts them. */
  used_count: Generated<number>;
  /** Live orders one customer (by account and by email) may place with it; null: no limit (migration 012). */
  per_customer_limit: number | null;
  created_at: CreatedAt;
}

/** The emailed link that confirms a pay-on-delivery order (migration 013). */
export interface OrderConfirmationsTable {
  order_id: number;
  /** SHA-256 of the emailed token, hex; the token itself is never stored. */
  token_hash: string;
  expires_at: Date;
  confirmed_at: Date | null;
  created_at: CreatedAt;
}

/** The operator's record of an unconfirmed pay-on-delivery order released: why, and how many units came back. */
export interface OrderReleasesTable {
  order_id: number;
  reason: string;
  units: number;
  released_at: CreatedAt;
}

/** One order placed with a coupon: who used it (by account and by email), for the per-customer limit. */
export interface CouponRedemptionsTable {
  order_id: number;
  coupon_id: number;
  customer_id: number;
  /** The email as one mailbox (platform/email-canonical.ts since migration 021). */
  email_normalized: string;
  created_at: CreatedAt;
}

/** An address an account signed in from: it keeps its own sign-in allowance when the account is under attack. */
export interface SignInKnownAddressesTable {
  email_canonical: string;
  address: string;
  last_success_at: Date;
}

export interface VendorClosedDaysTable {
  vendor_id: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

export interface VendorHolidaysTable {
  vendor_id: number;
  date: string;
  name: string;
  /** The seller user who closed this day from the console (migration 027); null for the store's own holidays. */
  closed_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** When a vendor has rows here, it delivers only on those weekdays (farms: Tuesday and Friday). */
export interface VendorDeliveryDaysTable {
  vendor_id: number;
  weekday: number;
}

/** A Same Day slot a shop runs every delivery day; its id is the API's slot_id. */
export interface DriverSlotTemplatesTable {
  id: number;
  loc_id: number;
  /** 'HH:MM' in the store's time zone. */
  start_time: string;
  end_time: string;
  capacity: number;
}

/** A slot on one date: the row that is locked while a seat is taken, and the seats placed orders booked. */
export interface DriverSlotsTable {
  template_id: number;
  slot_date: string;
  booked: Generated<number>;
  /** This date's seats when a seller changed them (migration 027); null: the template's capacity. */
  capacity: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A seat one cart holds for one vendor group; counted against capacity only until expires_at. */
export interface SlotHoldsTable {
  id: Generated<number>;
  cart_id: string;
  loc_id: number;
  template_id: number;
  slot_date: string;
  expires_at: Date;
  created_at: CreatedAt;
}

/** The delivery date chosen for one vendor group (vendor location) of a cart. */
export interface CartDeliveriesTable {
  cart_id: string;
  loc_id: number;
  delivery_date: string;
  updated_at: UpdatedAt;
}

/** State-level sales tax; rates in parts per million (6.875 % = 68750). */
export interface StateTaxRatesTable {
  state: string;
  state_name: string;
  general_rate_ppm: number;
  grocery_rate_ppm: number;
  grocery_exempt: boolean;
  /** Shown to shoppers beside the tax line, e.g. 'NY: groceries are exempt from sales tax'. */
  note: string;
}

export type AddressType = 'shipping' | 'billing';

/** A customer's saved address (guests too). state is the USPS code, country always 'US'. */
export interface AddressesTable {
  id: Generated<number>;
  customer_id: number;
  address_type: AddressType;
  nickname: string;
  first_name: string;
  last_name: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  country: Generated<string>;
  zipcode: string;
  telephone: string;
  /** Billing addresses carry the email the card form sent. */
  email: string | null;
  /** At most one default shipping address per customer (partial unique index). */
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The customer's record at the payment provider. */
export interface PaymentCustomersTable {
  customer_id: number;
  gateway: GatewayKind;
  gateway_customer_id: string;
  created_at: CreatedAt;
}

/** A saved card: the provider's id for it and what its preview shows; never the number or the CVC. */
export interface PaymentMethodsTable {
  id: Generated<number>;
  customer_id: number;
  gateway: GatewayKind;
  gateway_customer_id: string;
  gateway_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  billing_address_id: number | null;
  created_at: CreatedAt;
}

export type OrderStatus =
  | 'pending_payment'
  | 'processing'
  /** Pay on delivery, until the shopper opens the emailed confirmation link (migration 013). */
  | 'awaiting_confirmation'
  | 'pending_payment_on_delivery'
  | 'payment_failed'
  | 'complete'
  | 'canceled';

/** What an order's shipping_address column holds: the address as it was when the order was placed. */
export interface AddressSnapshot {
  name: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  telephone: string;
}

export interface OrdersTable {
  id: Generated<number>;
  /** The order number shoppers see ('100000123'), from order_increment_seq. */
  increment_id: Generated<string>;
  customer_id: number;
  /** The cart the order was placed from: one live order per cart (the place-order idempotency key). */
  cart_id: string;
  status: OrderStatus;
  email: string;
  /** The email as one mailbox (src/rules/email-canonical.ts), for the email's pay-on-delivery limit; null before 021. */
  email_canonical: ColumnType<string | null, string | null | undefined, string | null>;
  zipcode: string;
  speed_id: number;
  retailer_loc_id: number | null;
  address_id: number | null;
  shipping_address: ColumnType<AddressSnapshot | null, string | null, string | null>;
  /** 1 bank (ACH debit), 2 card, 3 UPI, 4 payment on delivery. */
  payment_mode: number;
  payment_method: string;
  payment_gateway: GatewayKind | null;
  payment_ref: string | null;
  payment_method_id: number | null;
  /** A fresh card's one-time token (never card data): a retried charge reuses it under the same idempotency key. */
  payment_token: string | null;
  /** When a request claimed the charge; a claim older than a couple of minutes may be taken over (crash recovery). */
  charge_started_at: Date | null;
  card_brand: string | null;
  card_last4: string | null;
  upi_id: string | null;
  /** Pay by bank: the shopper's online mandate (where and in what browser it was accepted); null otherwise. */
  bank_mandate: ColumnType<{ ipAddress: string; userAgent: string } | null, string | null | undefined, string | null>;
  /** The provider's words when a payment failed. */
  payment_message: string | null;
  subtotal_cents: number;
  discount_cents: number;
  delivery_fee_cents: number;
  /** Packaging, processing, bank charges and tax on fees: every fee that is not delivery. */
  fee_cents: number;
  taxes_cents: number;
  tip_percent: number;
  tip_cents: number;
  grand_total_cents: number;
  coupon_code: string | null;
  /** Migration 047: a percent coupon's basis points as placed (1000 = 10 %); null for none or a fixed one. */
  coupon_percent_bp: ColumnType<number | null, number | null | undefined, number | null>;
  gift_message: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Migration 025: where the order is in its life after payment (src/rules/fulfilment.ts). */
  fulfilment_state: Generated<FulfilmentState>;
  /** Migration 026: what the payment holds or took (estimate + margin on weighed lines); null = grand_total_cents. */
  authorised_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 026: 'held' until captured at packing; null = charged in full when placed. */
  capture_state: ColumnType<CaptureState | null, CaptureState | null | undefined, CaptureState | null>;
  /** Migration 026: the order's cost once weighed and substituted (set at packing). */
  final_total_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Migration 046: a bank debit still on its way when its order was canceled: 'on-its-way' until the reconciler reads
   * it, 'refunded' once it cleared and was refunded in full, 'not-taken' when stopped or returned; null otherwise.
   */
  canceled_debit: ColumnType<CanceledDebit | null, CanceledDebit | null | undefined, CanceledDebit | null>;
}

export type CaptureState = 'held' | 'captured' | 'released';

export type CanceledDebit = 'on-its-way' | 'refunded' | 'not-taken';

/** One vendor group of an order: its delivery method, date, driver slot and fees. */
export interface OrderDeliverablesTable {
  id: Generated<number>;
  order_id: number;
  loc_id: number;
  vendor_name: string;
  speed: SpeedType;
  /** The spec's delivery_method: 'Local Delivery', 'Pickup', 'Dine-in', 'Courier Delivery', 'Farm Direct'. */
  delivery_method: string;
  delivery_date: string | null;
  slot_template_id: number | null;
  slot_start: string | null;
  slot_end: string | null;
  delivery_fee_cents: number;
  packaging_fee_cents: number;
  /** Migration 038: this seller's part of the order, moved on its own (orders.fulfilment_state derived from the parts). */
  fulfilment_state: Generated<FulfilmentState>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  deliverable_id: number;
  offer_id: number;
  variant_id: number;
  product_id: number;
  product_name: string;
  bottle_size: number;
  qty: number;
  price_cents: number;
  row_total_cents: number;
  tax_cents: number;
  /** Migration 014: the wallet entry this line was redeemed from (priced 0). */
  wallet_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 025: what the seller weighed at packing, in grams (lines sold by weight). */
  weighed_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 026: the shopper's substitution preference, and the seller's proposal with its answer. */
  substitution_pref: ColumnType<SubstitutionPreference, SubstitutionPreference | undefined, SubstitutionPreference>;
  substitution_state: ColumnType<SubstitutionState | null, SubstitutionState | null | undefined, SubstitutionState | null>;
  substitute_product_id: ColumnType<number | null, number | null | undefined, number | null>;
  substitute_variant_id: ColumnType<number | null, number | null | undefined, number | null>;
  substitute_offer_id: ColumnType<number | null, number | null | undefined, number | null>;
  substitute_name: ColumnType<string | null, string | null | undefined, string | null>;
  substitute_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The words a seeded review shows (migration 024): seeded reviews point at one of these instead of holding text. */
export interface ReviewSamplesTable {
  id: number;
  rating: number;
  nickname: string;
  title: string;
  detail: string;
}

/** One review (migration 024): a customer's own words and order line, or a seeded row showing a sample's words. */
export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  rating: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  sample: number | null;
  customer_id: number | null;
  order_item_id: number | null;
  nickname: string | null;
  title: string | null;
  detail: string | null;
}

/** Each product's review count and stars per rating, kept by a trigger on reviews (migration 024). */
export interface ReviewTotalsTable {
  product_id: number;
  review_count: number;
  stars_1: number;
  stars_2: number;
  stars_3: number;
  stars_4: number;
  stars_5: number;
}

export type KycStatus = 'started' | 'uploaded' | 'verified' | 'refused';

/** One identity-verification attempt (migration 007). The photos are storage-adapter keys, never client file names. */
export interface KycApplicationsTable {
  id: Generated<number>;
  /** The spec's Application ID: 16 random bytes in hex, unguessable and free of '_' (file names split on it). */
  public_id: string;
  customer_id: number;
  status: ColumnType<KycStatus, KycStatus | undefined, KycStatus>;
  front_key: string | null;
  back_key: string | null;
  selfie_key: string | null;
  refusal_reason: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** When the final decision was made (customer verify, or a refusal): the photos are deleted then. */
  decided_at: Date | null;
  /** Migration 008: the engine's figure, the date of birth until the decision (then only its year), a keyed hash of the document number. */
  face_match_percent: number | null;
  date_of_birth: string | null;
  birth_year: number | null;
  document_hash: string | null;
  /** Set while a verification runs (one at a time per application). */
  verifying_since: Date | null;
  /** Migration 009: the verified selfie's face embedding (kept after the photos go), and a fresh selfie awaiting a face check. */
  face_embedding: ColumnType<number[] | null, string | null | undefined, string | null>;
  check_selfie_key: string | null;
}

/** Migration 009: a matched order-time face check for one cart, valid until expires_at, taken by one order. */
export interface FacePassesTable {
  id: Generated<number>;
  customer_id: number;
  cart_id: string;
  application_id: number;
  face_match_percent: number;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  order_id: number | null;
}

/** Migration 014: what a paid dine-in order item holds in its customer's wallet, in the product's unit. */
export interface WalletEntriesTable {
  id: Generated<number>;
  customer_id: number;
  /** The dine-in order that bought it (orderNo is its increment_id). */
  order_id: number;
  order_item_id: number;
  product_id: number;
  variant_id: number;
  /** The restaurant (vendor_locations.id) it was bought for: the order's retailer_loc_id. */
  loc_id: number;
  unit: WalletUnit;
  ordered: number;
  consumed: Generated<number>;
  /** Never below zero (a CHECK); ordered = consumed + remaining + withdrawn. */
  remaining: number;
  /** Units a refund took back. */
  withdrawn: Generated<number>;
  /** The restaurant's star category and state when it was paid: where it may be redeemed. */
  price_category: number;
  state: string;
  created_at: CreatedAt;
}

/** Migration 014: units one order redeemed from one entry, at one restaurant. */
export interface WalletRedemptionsTable {
  id: Generated<number>;
  entry_id: number;
  order_id: number;
  loc_id: number;
  amount: number;
  created_at: CreatedAt;
}

export interface Database {
  categories: CategoriesTable;
  products: ProductsTable;
  product_categories: ProductCategoriesTable;
  product_images: ProductImagesTable;
  product_variants: ProductVariantsTable;
  vendors: VendorsTable;
  vendor_locations: VendorLocationsTable;
  service_areas: ServiceAreasTable;
  variant_offers: VariantOffersTable;
  related_products: RelatedProductsTable;
  banners: BannersTable;
  ads: AdsTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  cart_kept_lines: CartKeptLinesTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  captcha_uses: CaptchaUsesTable;
  rate_limits: RateLimitsTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  sign_in_known_addresses: SignInKnownAddressesTable;
  order_confirmations: OrderConfirmationsTable;
  order_releases: OrderReleasesTable;
  vendor_closed_days: VendorClosedDaysTable;
  vendor_holidays: VendorHolidaysTable;
  vendor_delivery_days: VendorDeliveryDaysTable;
  driver_slot_templates: DriverSlotTemplatesTable;
  driver_slots: DriverSlotsTable;
  slot_holds: SlotHoldsTable;
  cart_deliveries: CartDeliveriesTable;
  state_tax_rates: StateTaxRatesTable;
  addresses: AddressesTable;
  payment_customers: PaymentCustomersTable;
  payment_methods: PaymentMethodsTable;
  orders: OrdersTable;
  order_deliverables: OrderDeliverablesTable;
  order_items: OrderItemsTable;
  seller_locations: SellerLocationsTable;
  order_events: OrderEventsTable;
  capacity_changes: CapacityChangesTable;
  kyc_applications: KycApplicationsTable;
  face_passes: FacePassesTable;
  wallet_entries: WalletEntriesTable;
  wallet_redemptions: WalletRedemptionsTable;
  review_samples: ReviewSamplesTable;
  reviews: ReviewsTable;
  review_totals: ReviewTotalsTable;
}
