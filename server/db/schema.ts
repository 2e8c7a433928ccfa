import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables the migrations create. Money is integer cents everywhere. */
export type SpeedType = 'local' | 'courier' | 'farm-direct';
export type VendorKind = SpeedType;

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
  /** Weight in grams; 0 means "no size" and is hidden. */
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
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  captcha_uses: CaptchaUsesTable;
  rate_limits: RateLimitsTable;
}
