import { create } from 'superstruct';
import { cartReply, getSlotReply, nextDeliveryDateReply } from '../../../src/api/contract/cart-page.contract.ts';
import { customerVerifyReply, kycApplicationReply, kycUploadReply, verifyKycReply, type KycSide } from '../../../src/api/contract/kyc.contract.ts';
import type { SessionValues } from '../../../src/machines/session-values.ts';
import { addDays } from '../../../src/rules/delivery-dates.ts';
import { idCard, noFace, selfieOf } from '../../server/identity-images.ts';
import { apiPost, saveAddressThroughApi } from '../steps.ts';

/**
 * The checkout journeys' prefixes through the API: a cart scheduled as the cart page would, a saved shipping address,
 * and a customer whose identity is verified (ID card and selfie of the same face, as /kyc sends them).
 */

function signedIn(session: SessionValues): { token: string; customerId: number } {
  if (!session.Token || session.CustomerId === undefined) throw new Error('the session has no customer');
  return { token: session.Token, customerId: session.CustomerId };
}

/** Every delivery group of the session's cart gets its first date with a free slot (Same Day) or its first date. */
export async function scheduleThroughApi(session: SessionValues): Promise<void> {
  const { token } = signedIn(session);
  const cartId = session.cart_id;
  if (!cartId || !session.zipcode) throw new Error('the session has no cart');
  const cart = create(await apiPost('/api/cart/showcart', { cart_id: cartId }, token), cartReply);
  for (const group of cart.data?.delivery_groups ?? []) {
    if (group.wallet) continue;
    const dates = create(
      await apiPost('/connect/delivery/nextDeliveryDate', { vendors: [{ vendor_id: group.vendor_id, delivery_type: group.type }] }, token),
      nextDeliveryDateReply,
    ).response[0];
    if (!dates) throw new Error(`no delivery date for vendor ${group.vendor_id}`);
    // Other journeys hold the seats of the first slots: the first of the next days with a seat left.
    let scheduled = false;
    for (let day = 0; day < 7 && !scheduled; day += 1) {
      const date = addDays(dates.delivery_date, day);
      if (dates.holidays.includes(date)) continue;
      let slotId: number | null = null;
      if (group.type === 'local') {
        const slots = create(
          await apiPost(
            '/connect/driverslot/getslot',
            { order_date: date, zipcode: session.zipcode, vendor_loc_id: group.vendor_loc_id, cart_id: cartId },
            token,
          ),
          getSlotReply,
        );
        slotId = slots.data?.[0]?.slot_id ?? null;
        if (slotId === null) continue;
      }
      const reply = create(
        await apiPost(
          '/api/cart/deliveryschedule',
          { cart_id: cartId, vendor_loc_id: group.vendor_loc_id, delivery_date: date, slot_id: slotId },
          token,
        ),
        cartReply,
      );
      scheduled = reply.code === 1;
    }
    if (!scheduled) throw new Error(`no free delivery date for vendor ${group.vendor_loc_id}`);
  }
}

/**
 * Her New York home address, saved through the API as the address tab's form would. A door of her own: the server
 * limits the orders waiting for Payment on Delivery per address, and every journey may leave one.
 */
export async function saveHomeThroughApi(session: SessionValues): Promise<void> {
  const door = 1 + Math.floor(Math.random() * 99_999);
  await saveAddressThroughApi(signedIn(session), { nickname: 'Home', street1: `${door} 5th Ave` });
}

const jpegUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

/**
 * KYC as /kyc sends it (the ID card with face s1f1, its back, a selfie of the same face), then customer verify: the
 * session then names her verified application, as signing in again would. The fake camera shows the same face.
 */
export async function verifyIdentityThroughApi(session: SessionValues): Promise<SessionValues> {
  const { token } = signedIn(session);
  const application = create(await apiPost('/connect/uploadkyc/application', {}, token), kycApplicationReply);
  const applicationId = application.data?.applicationId;
  if (!applicationId) throw new Error(`no KYC application: ${application.message}`);
  const photos: [KycSide, Buffer][] = [
    ['aadhaar_front', await idCard('s1f1')],
    ['aadhaar_back', await noFace()],
    ['selfie', await selfieOf('s1f1')],
  ];
  for (const [side, photo] of photos) {
    const uploaded = create(
      await apiPost('/connect/uploadkyc/kyc', { imageData: jpegUrl(photo), fileName: `${applicationId}_${side}.jpg` }, token),
      kycUploadReply,
    );
    if (uploaded.code !== 1) throw new Error(`KYC ${side} refused: ${uploaded.message}`);
  }
  const verified = create(await apiPost('/connect/verifycustomer/verify', { applicationID: applicationId }, token), verifyKycReply);
  if (verified.code !== 1) throw new Error(`KYC refused: ${verified.message}`);
  const granted = create(
    await apiPost('/api/customer/customerverify', { is_verified: 1, verificationid: applicationId }, token),
    customerVerifyReply,
  );
  if (granted.code !== 1) throw new Error(`customer verify refused: ${granted.message}`);
  return { ...session, verification_id: applicationId };
}
