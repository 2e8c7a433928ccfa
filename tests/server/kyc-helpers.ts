import { assert } from 'superstruct';
import { expect } from 'vitest';
import { customerVerifyReply, kycApplicationReply, kycUploadReply, verifyKycReply, type KycSide } from '../../src/api/contract/kyc.contract.ts';
import { post } from './cart-page-helpers.ts';
import type { TestApp } from './test-app.ts';

/** The KYC calls as the client makes them (upload, verify, customer verify), each reply checked by its contract. */

export const jpegUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

/** The caller's open application (made on first use), as the KYC screen opens it. */
export async function openApplication(t: TestApp, token: string): Promise<string> {
  const { status, body } = await post(t, '/connect/uploadkyc/application', { store_id: 1 }, token);
  expect(status).toBe(200);
  assert(body, kycApplicationReply);
  if (!body.data) throw new Error('no application');
  return body.data.applicationId;
}

/** One photo through the real upload route; its storage key (read from the signed link). */
export async function uploadKyc(t: TestApp, token: string, applicationId: string, side: KycSide, image: Buffer): Promise<string> {
  const { status, body } = await post(t, '/connect/uploadkyc/kyc', { imageData: jpegUrl(image), fileName: `${applicationId}_${side}.jpg` }, token);
  expect(status, JSON.stringify(body)).toBe(200);
  assert(body, kycUploadReply);
  const key = /^\/media\/kyc\/([0-9a-f]{32}\.jpg)\?/.exec(body.data?.imageUrl ?? '')?.[1];
  if (!key) throw new Error('no key in the link');
  return key;
}

/** A new application with all three photos (the card is both sides); its id and the three storage keys. */
export async function applicationWith(t: TestApp, token: string, card: Buffer, selfie: Buffer) {
  const applicationId = await openApplication(t, token);
  const keys = [
    await uploadKyc(t, token, applicationId, 'aadhaar_front', card),
    await uploadKyc(t, token, applicationId, 'aadhaar_back', card),
    await uploadKyc(t, token, applicationId, 'selfie', selfie),
  ];
  return { applicationId, keys };
}

export async function verifyKyc(t: TestApp, token: string, applicationID: string) {
  const { status, body } = await post(t, '/connect/verifycustomer/verify', { applicationID, store_id: 1 }, token);
  if (status === 200) assert(body, verifyKycReply);
  return { status, body };
}

export async function customerVerify(t: TestApp, token: string, verificationid: string) {
  const { status, body } = await post(t, '/api/customer/customerverify', { is_verified: 1, verificationid, store_id: 1 }, token);
  if (status === 200) assert(body, customerVerifyReply);
  return { status, body };
}

export const applicationRow = (t: TestApp, publicId: string) =>
  t.database.db.selectFrom('kyc_applications').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();

export const isVerified = async (t: TestApp, customerId: number) =>
  (await t.database.db.selectFrom('customers').select('is_verified').where('id', '=', customerId).executeTakeFirstOrThrow()).is_verified;
