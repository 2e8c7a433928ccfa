import { create } from 'superstruct';
import {
  customerVerifyReply,
  kycApplicationReply,
  kycFileName,
  kycUploadReply,
  verifyKycReply,
  type KycSide,
} from '../../../src/api/contract/kyc.contract.ts';
import { idCard, noFace, selfieOf, type SampleFace } from '../../server/identity-images.ts';
import { newCustomer, postJson, type Customer } from './shoppers.ts';

/**
 * A customer whose identity is verified, set up through the KYC calls the /kyc screen makes (the KYC journeys test
 * the screen): the ID front and a selfie of `face`, a back without a face, verify, customer verify. Her session then
 * holds the verification_id sign-in would give her. The fake camera plays face s1f1: verified as another face, her
 * face check is a real mismatch.
 */
export async function verifiedCustomer(prefix: string, face: SampleFace = 's1f1'): Promise<Customer> {
  const customer = await newCustomer(prefix);
  const token = customer.session.Token;
  const application = create(await postJson('/connect/uploadkyc/application', {}, token), kycApplicationReply).data;
  if (!application) throw new Error('no KYC application');
  const { applicationId } = application;
  const upload = async (side: KycSide, image: Buffer) => {
    const body = { imageData: `data:image/jpeg;base64,${image.toString('base64')}`, fileName: kycFileName(applicationId, side) };
    const reply = create(await postJson('/connect/uploadkyc/kyc', body, token), kycUploadReply);
    if (reply.code !== 1) throw new Error(`KYC upload of ${side} refused: ${reply.message}`);
  };
  await upload('aadhaar_front', await idCard(face));
  await upload('aadhaar_back', await noFace());
  await upload('selfie', await selfieOf(face));
  const verified = create(await postJson('/connect/verifycustomer/verify', { applicationID: applicationId }, token), verifyKycReply);
  if (verified.code !== 1) throw new Error(`KYC verify refused: ${verified.message}`);
  const granted = create(
    await postJson('/api/customer/customerverify', { is_verified: 1, verificationid: applicationId }, token),
    customerVerifyReply,
  );
  if (granted.code !== 1) throw new Error(`customer verify refused: ${granted.message}`);
  return { ...customer, session: { ...customer.session, verification_id: applicationId } };
}
