/**
 * The scale test's shoppers (bench/suites/scale.bench.ts): each loop browses (home, product pages), searches, then
 * checks out as a guest with the offline gateway's test card — the calls the client makes, through the balancer.
 * Every third loop the guest then uploads KYC photos (application, ID front, back, selfie: the S3 uploads; not the
 * verification, whose engine is 490 MB per instance), and every fourth with an answered order spends a wallet: the
 * bench credits the order's item to the wallet (two portions), and three carts race to redeem one portion each.
 * Every shopper's loop comes from an address of its own (X-Forwarded-For, which the store trusts from nginx), so
 * the per-address limits count each shopper, as they would count real ones.
 */

/** What the load saw: every order answered to a client, the calls that failed and why, per kind. */
export interface LoadRecord {
  /** order_id (increment_id) of every place order answered code 1. */
  answeredOrders: string[];
  /** order_id of every place order answered with one, whatever its code (a refused payment names its order too). */
  repliedOrders: string[];
  /** Place orders that got no answer (the connection dropped or the balancer answered 502/504). */
  unansweredPlaceOrders: number;
  /** Guest sessions made, with the customer and the address, to check later on every instance. */
  sessions: { token: string; customerId: number }[];
  calls: Map<string, { ok: number; failed: number; ms: number[] }>;
  failures: Map<string, number>;
  /** KYC applications whose three photos were all stored. */
  kycUploaded: number;
  /** Wallet redemption orders answered code 1 (each spends one portion), and those refused. */
  walletPlaced: string[];
  walletRefused: number;
}

export function emptyRecord(): LoadRecord {
  return {
    answeredOrders: [],
    repliedOrders: [],
    unansweredPlaceOrders: 0,
    sessions: [],
    calls: new Map(),
    failures: new Map(),
    kycUploaded: 0,
    walletPlaced: [],
    walletRefused: 0,
  };
}

/** The KYC screen's three photos, as data URLs. */
export interface KycImages {
  front: string;
  back: string;
  selfie: string;
}

/** What the wallet part of the load needs: a partner restaurant, a visit it seats, and the bench's credit. */
export interface WalletSetup {
  restaurantLocId: number;
  /** 'YYYY-MM-DD HH:MM', a visit the restaurant offers. */
  visit: string;
  /**
   * Puts the order's first item in its customer's wallet (two portions) through a dine-in order of theirs: that
   * order's number (the redemption's pastorderid) and the size to redeem by, or undefined.
   */
  credit(orderNumber: string): Promise<{ orderNumber: string; variantId: number; size: number } | undefined>;
}

export interface Shop {
  /** Sizes the courier sells in 10001, and their products. */
  variantIds: readonly number[];
  productIds: readonly number[];
  vendorId: number;
  courierLocId: number;
  kycImages?: readonly KycImages[];
  wallet?: WalletSetup;
}

let loops = 0;

function note(record: LoadRecord, call: string, ok: boolean, ms: number): void {
  const entry = record.calls.get(call) ?? { ok: 0, failed: 0, ms: [] };
  if (ok) entry.ok++;
  else entry.failed++;
  entry.ms.push(ms);
  record.calls.set(call, entry);
}

function fail(record: LoadRecord, reason: string): void {
  record.failures.set(reason, (record.failures.get(reason) ?? 0) + 1);
}

class CallFailed extends Error {}

/** One call through the balancer: the parsed JSON of a 200, or CallFailed (counted) for anything else. */
async function call(
  record: LoadRecord,
  name: string,
  base: string,
  ip: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  let status = 0;
  try {
    const response = await fetch(`${base}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-forwarded-for': ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    status = response.status;
    const text = await response.text();
    const ok = response.status === 200;
    note(record, name, ok, performance.now() - started);
    if (!ok) {
      fail(record, `${name}: HTTP ${response.status}`);
      throw new CallFailed(`${name} ${response.status}`);
    }
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { list: parsed };
    return { ...parsed };
  } catch (error) {
    if (error instanceof CallFailed) throw error;
    if (status === 0) note(record, name, false, performance.now() - started);
    fail(record, `${name}: ${error instanceof Error ? error.message : String(error)}`);
    throw new CallFailed(name);
  }
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}

/** One shopper's visit: browse, search, and a guest checkout of one unit. */
async function visit(base: string, shop: Shop, record: LoadRecord): Promise<void> {
  const n = ++loops;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const area = 'store_id=1&zipcode=10001&loc_id=101';
  await call(record, 'home', base, ip, `/connect/index/homepage?${area}`);
  const productId = shop.productIds[n % shop.productIds.length] ?? 1;
  await call(record, 'product', base, ip, `/connect/index/product?store_id=1&loc_id=101&zipCode=10001&dineinTime=&courier_type=&prodid=${productId}`);
  const words = ['beef', 'salmon', 'chicken', 'steak', 'shrimp', 'lamb'];
  await call(record, 'search', base, ip, `/connect/index/search?${area}&courier_type=local&page=1&limit=20`, {
    q: words[n % words.length],
    store_id: 1,
  });

  const added = await call(record, 'addtocart', base, ip, '/api/cart/addtocart', {
    product_id: shop.variantIds[n % shop.variantIds.length],
    qty: 1,
    zipcode: '10001',
    loc_id: 101,
    speed_id: 'courier',
    vendor_loc_id: shop.courierLocId,
    store_id: 1,
  });
  const line = field(added, 'list');
  const first: unknown = Array.isArray(line) ? line[0] : undefined;
  const cartId = field(first, 'cart_id');
  if (field(first, 'code') !== 1 || typeof cartId !== 'string') {
    fail(record, `addtocart refused: ${String(field(first, 'message'))}`);
    return;
  }
  const guest = await call(record, 'guestcart', base, ip, '/api/cart/guestcart', {
    customer_email: `scale-${n}@example.com`,
    cart_id: cartId,
    store_id: 1,
  });
  const token = field(field(guest, 'data'), 'api_token');
  const customerId = field(field(guest, 'data'), 'customer_id');
  if (typeof token !== 'string' || typeof customerId !== 'number') throw new Error('guestcart: no session');
  record.sessions.push({ token, customerId });
  const next = await call(
    record,
    'nextDeliveryDate',
    base,
    ip,
    '/connect/delivery/nextDeliveryDate',
    { vendors: [{ vendor_id: shop.vendorId, delivery_type: 'courier' }], store_id: 1 },
    token,
  );
  const response = field(next, 'response');
  const date = field(Array.isArray(response) ? response[0] : undefined, 'delivery_date');
  if (typeof date !== 'string') throw new Error('nextDeliveryDate: no date');
  await call(
    record,
    'deliveryschedule',
    base,
    ip,
    '/api/cart/deliveryschedule',
    { cart_id: cartId, vendor_loc_id: shop.courierLocId, delivery_date: date },
    token,
  );
  const address = await call(
    record,
    'addaddress',
    base,
    ip,
    `/connect/customer/addaddress?customerid=${customerId}`,
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street1: `${n} Scale Street`,
      street2: '',
      city: 'New York',
      state: 'NY',
      zipcode: '10001',
      nickname: 'Home',
      telephone: '2125550100',
      country: 'US',
      address_type: 'shipping',
    },
    token,
  );
  const addressId = field(address, 'address_id');
  const card = await call(record, 'tokenize', base, ip, '/api/payments/tokenize', {
    holder: 'Ada Lovelace',
    number: '4242424242424242',
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
  });
  const cardToken = field(field(card, 'data'), 'token');
  let placed: Record<string, unknown>;
  try {
    placed = await call(
      record,
      'placeorder',
      base,
      ip,
      '/api/placeorder/placeorder',
      { cart_id: cartId, delivery_address_id: addressId, speed_id: 10, payment_mode: 2, card_token: cardToken, store_id: 1 },
      token,
    );
  } catch (error) {
    record.unansweredPlaceOrders++;
    throw error;
  }
  const orderId = field(placed, 'order_id');
  if (typeof orderId === 'string') record.repliedOrders.push(orderId);
  if (field(placed, 'code') === 1 && typeof orderId === 'string') record.answeredOrders.push(orderId);
  else fail(record, `placeorder refused: ${String(field(placed, 'message'))}`);

  const images = shop.kycImages?.[n % (shop.kycImages.length || 1)];
  if (images && n % 3 === 0) await uploadKyc(record, base, ip, token, images);
  if (shop.wallet && n % 4 === 0 && field(placed, 'code') === 1 && typeof orderId === 'string') {
    await spendWallet(record, base, ip, token, shop.wallet, orderId);
  }
}

/** The KYC screen's uploads: open the application, then the ID's front and back and the selfie (to S3). */
async function uploadKyc(record: LoadRecord, base: string, ip: string, token: string, images: KycImages): Promise<void> {
  const opened = await call(record, 'kyc application', base, ip, '/connect/uploadkyc/application', { store_id: 1 }, token);
  const applicationId = field(field(opened, 'data'), 'applicationId');
  if (typeof applicationId !== 'string' && typeof applicationId !== 'number') throw new Error('kyc application: no id');
  for (const [side, imageData] of [
    ['aadhaar_front', images.front],
    ['aadhaar_back', images.back],
    ['selfie', images.selfie],
  ] as const) {
    await call(record, 'kyc upload', base, ip, '/connect/uploadkyc/kyc', { imageData, fileName: `${String(applicationId)}_${side}.jpg` }, token);
  }
  record.kycUploaded++;
}

/**
 * Two portions in the wallet, three carts redeeming one each, placed at once (through the balancer, so on different
 * instances): two may be answered, never three — the bench checks the database says the same.
 */
async function spendWallet(record: LoadRecord, base: string, ip: string, token: string, wallet: WalletSetup, orderNumber: string): Promise<void> {
  const credited = await wallet.credit(orderNumber);
  if (!credited) return;
  const carts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const added = await call(
      record,
      'walletAddToCart',
      base,
      ip,
      '/wallet/wallet/walletAddToCart',
      {
        qty: '1',
        wallet: 1,
        zipcode: '10001',
        product_id: credited.variantId,
        size: credited.size,
        vendor_loc_id: wallet.restaurantLocId,
        pastorderid: credited.orderNumber,
      },
      token,
    );
    const first: unknown = field(added, 'list');
    const line: unknown = Array.isArray(first) ? first[0] : undefined;
    const cartId = field(line, 'cart_id');
    if (field(line, 'code') === 1 && typeof cartId === 'string') carts.push(cartId);
    else fail(record, `walletAddToCart refused: ${String(field(line, 'message'))}`);
  }
  const replies = await Promise.allSettled(
    carts.map((cartId) =>
      call(
        record,
        'wallet placeorder',
        base,
        ip,
        '/api/placeorder/placeorder',
        { store_id: 1, cart_id: cartId, pickup_date: wallet.visit, payment_mode: 2 },
        token,
      ),
    ),
  );
  for (const reply of replies) {
    if (reply.status !== 'fulfilled') continue;
    const id = field(reply.value, 'order_id');
    if (field(reply.value, 'code') === 1 && typeof id === 'string') record.walletPlaced.push(id);
    else {
      record.walletRefused++;
      fail(record, `wallet placeorder refused: ${String(field(reply.value, 'message')).slice(0, 60)}`);
    }
  }
}

/** `shoppers` shoppers visiting without pause until `until()` says stop. */
export async function driveShoppers(base: string, shop: Shop, shoppers: number, until: () => boolean, record: LoadRecord): Promise<void> {
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (!until()) {
        try {
          await visit(base, shop, record);
        } catch (error) {
          if (!(error instanceof CallFailed)) fail(record, error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
}

/** One call from `ip` to tokenize a card: whether it was accepted (the per-address limit counts it). */
export async function tokenizeFrom(base: string, ip: string): Promise<number> {
  const response = await fetch(`${base}/api/payments/tokenize`, {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, 'content-type': 'application/json' },
    body: JSON.stringify({ holder: 'Ada Lovelace', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }),
  });
  await response.arrayBuffer();
  return response.status;
}
