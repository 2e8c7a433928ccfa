import { create } from 'superstruct';
import {
  customerVerifyReply,
  kycApplicationReply,
  kycFileName,
  kycUploadReply,
  verifyKycReply,
  verifyOrderReply,
  type KycSide,
} from '../../../src/api/contract/kyc.contract.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { idCard, noFace, selfieOf, type SampleFace } from '../../server/identity-images.ts';
import { newCustomer, postJson, type Customer } from './shoppers.ts';

/** One photo of her KYC application, as /kyc (or the face step, for a selfie) uploads it. */
async function uploadKyc(token: string | undefined, applicationId: string, side: KycSide, image: Buffer): Promise<void> {
  const body = { imageData: `data:image/jpeg;base64,${image.toString('base64')}`, fileName: kycFileName(applicationId, side) };
  const reply = create(await postJson('/connect/uploadkyc/kyc', body, token), kycUploadReply);
  if (reply.code !== 1) throw new Error(`KYC upload of ${side} refused: ${reply.message}`);
}

/**
 * A customer whose three KYC photos are on the server, nothing decided yet (as when a vendor's page sends her back to
 * a fresh /kyc): the ID front and a selfie of `face`, a back without a face, uploaded through the calls /kyc makes.
 */
export async function customerWithPhotosUploaded(prefix: string, face: SampleFace = 's1f1'): Promise<Customer & { applicationId: string }> {
  const customer = await newCustomer(prefix);
  const token = customer.session.Token;
  const application = create(await postJson('/connect/uploadkyc/application', {}, token), kycApplicationReply).data;
  if (!application) throw new Error('no KYC application');
  const { applicationId } = application;
  await uploadKyc(token, applicationId, 'aadhaar_front', await idCard(face));
  await uploadKyc(token, applicationId, 'aadhaar_back', await noFace());
  await uploadKyc(token, applicationId, 'selfie', await selfieOf(face));
  return { ...customer, applicationId };
}

/**
 * A customer whose identity is verified, set up through the KYC calls the /kyc screen makes (the KYC journeys test
 * the screen): her photos uploaded (customerWithPhotosUploaded), verify, customer verify. Her session then holds the
 * verification_id sign-in would give her. The fake camera plays face s1f1: verified as another face, her face check is
 * a real mismatch.
 */
export async function verifiedCustomer(prefix: string, face: SampleFace = 's1f1'): Promise<Customer> {
  const { applicationId, ...customer } = await customerWithPhotosUploaded(prefix, face);
  const token = customer.session.Token;
  const verified = create(await postJson('/connect/verifycustomer/verify', { applicationID: applicationId }, token), verifyKycReply);
  if (verified.code !== 1) throw new Error(`KYC verify refused: ${verified.message}`);
  const granted = create(
    await postJson('/api/customer/customerverify', { is_verified: 1, verificationid: applicationId }, token),
    customerVerifyReply,
  );
  if (granted.code !== 1) throw new Error(`customer verify refused: ${granted.message}`);
  return { ...customer, session: { ...customer.session, verification_id: applicationId } };
}

/** The face step through the API for her open cart (a selfie of `face`, then the order-time check): its face pass. */
export async function facePassThroughApi(session: SessionValues, face: SampleFace = 's1f1'): Promise<void> {
  const { Token: token, verification_id: applicationId, cart_id: cartId } = session;
  if (!applicationId || !cartId) throw new Error('the session has no verified identity or no cart');
  await uploadKyc(token, applicationId, 'selfie', await selfieOf(face));
  const checked = create(await postJson('/connect/verifyorder/verify', { applicationID: applicationId, orderID: cartId }, token), verifyOrderReply);
  if (checked.code !== 1) throw new Error(`face check refused: ${checked.message}`);
}

/**
 * A customer the server refused as 21 or under (walk 4): an ID of face s1f1 born 14/03/2010 and her selfie, verify
 * (which records the refusal; no customer verify). Her session has no verification_id, as sign-in would give her.
 */
export async function refusedUnderAgeCustomer(prefix: string): Promise<Customer> {
  const customer = await newCustomer(prefix);
  const token = customer.session.Token;
  const application = create(await postJson('/connect/uploadkyc/application', {}, token), kycApplicationReply).data;
  if (!application) throw new Error('no KYC application');
  const { applicationId } = application;
  await uploadKyc(
    token,
    applicationId,
    'aadhaar_front',
    await idCard('s1f1', { name: 'TOM YOUNG', dateOfBirth: '14/03/2010', documentNumber: 'Y1234567' }),
  );
  await uploadKyc(token, applicationId, 'aadhaar_back', await noFace());
  await uploadKyc(token, applicationId, 'selfie', await selfieOf('s1f1'));
  const verified = create(await postJson('/connect/verifycustomer/verify', { applicationID: applicationId }, token), verifyKycReply);
  if (verified.code !== 1) throw new Error(`KYC verify refused: ${verified.message}`);
  return customer;
}
