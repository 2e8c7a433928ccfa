import {
  customerVerifyReply,
  identityReply,
  kycApplicationReply,
  kycUploadReply,
  verifyKycReply,
  verifyOrderReply,
  type CustomerVerifyBody,
  type CustomerVerifyReply,
  type IdentityBody,
  type IdentityReply,
  type KycApplicationBody,
  type KycApplicationReply,
  type KycUploadBody,
  type KycUploadReply,
  type VerifyKycBody,
  type VerifyKycReply,
  type VerifyOrderBody,
  type VerifyOrderReply,
} from './contract/kyc.contract.ts';
import { call, type Sent } from './http.ts';

/** The caller's open KYC application (made on first use): its Application ID and which photos are in. */
export function loadKycApplication(body: Sent<KycApplicationBody>): Promise<KycApplicationReply> {
  return call('/connect/uploadkyc/application', kycApplicationReply, { method: 'POST', body });
}

/** One photo of the application, as a data URL named '{applicationId}_{side}.jpg'. */
export function uploadKycImage(body: Sent<KycUploadBody>): Promise<KycUploadReply> {
  return call('/connect/uploadkyc/kyc', kycUploadReply, { method: 'POST', body });
}

/** Face match of the ID front against the selfie, and the date of birth read from the ID. */
export function verifyKyc(body: Sent<VerifyKycBody>): Promise<VerifyKycReply> {
  return call('/connect/verifycustomer/verify', verifyKycReply, { method: 'POST', body });
}

/** Marks the customer verified; the server decides from its own record of the application. */
export function customerVerify(body: Sent<CustomerVerifyBody>): Promise<CustomerVerifyReply> {
  return call('/api/customer/customerverify', customerVerifyReply, { method: 'POST', body });
}

/** The order-time face check: the selfie just uploaded to the verified application against its kept face; orderID is the cart id. */
export function verifyOrderFace(body: Sent<VerifyOrderBody>): Promise<VerifyOrderReply> {
  return call('/connect/verifyorder/verify', verifyOrderReply, { method: 'POST', body });
}

/** The caller's identity as the server holds it now (verified elsewhere since sign-in, or refused as 21 or under). */
export function loadIdentity(body: Sent<IdentityBody>): Promise<IdentityReply> {
  return call('/api/customer/identity', identityReply, { method: 'POST', body });
}
