import { boolean, define, enums, literal, number, object, optional, string, type, type Infer } from 'superstruct';
import { codeAndMessage, envelope } from './envelope.ts';
import { callerFields, callerOnlyBody } from './fields.ts';

/**
 * KYC uploads (spec section 7 "Upload KYC image"; issue 11 "Server"). The Application ID is 32 lower-case hex
 * characters made by the server (no '_', so '{applicationId}_{side}.jpg' splits one way only).
 */

export const kycSides = ['aadhaar_front', 'aadhaar_back', 'selfie'] as const;
export type KycSide = (typeof kycSides)[number];

const fileNamePattern = /^([0-9a-f]{32})_(aadhaar_front|aadhaar_back|selfie)\.jpg$/;

/** The file name the spec's client sends for one photo of an application. */
export function kycFileName(applicationId: string, side: KycSide): string {
  return `${applicationId}_${side}.jpg`;
}

/** '{applicationId}_aadhaar_front.jpg' → its parts; undefined for anything else (paths, other sides, other extensions). */
export function parseKycFileName(fileName: string): { applicationId: string; side: KycSide } | undefined {
  const match = fileNamePattern.exec(fileName);
  const side = kycSides.find((s) => s === match?.[2]);
  return match?.[1] !== undefined && side !== undefined ? { applicationId: match[1], side } : undefined;
}

export const kycFileNameMessage =
  'fileName must be {applicationId}_aadhaar_front.jpg, {applicationId}_aadhaar_back.jpg or {applicationId}_selfie.jpg.';

const fileNameField = define<string>(
  'fileName',
  (value) => (typeof value === 'string' && parseKycFileName(value) !== undefined) || kycFileNameMessage,
);

/** A data URL; its content is checked by the server (server/services/identity/id-image.ts), its length by bodyLimit. */
const imageDataField = define<string>('imageData', (value) => typeof value === 'string' || 'imageData must be a data URL (text).');

/** POST connect/uploadkyc/kyc */
export const kycUploadBody = object({
  imageData: imageDataField,
  fileName: fileNameField,
  ...callerFields,
});
export type KycUploadBody = Infer<typeof kycUploadBody>;

export const kycStatus = enums(['started', 'uploaded', 'verified', 'refused']);
export type KycStatusValue = Infer<typeof kycStatus>;

export const kycUploadReply = envelope(
  type({
    applicationId: string(),
    side: enums(kycSides),
    status: kycStatus,
    /** A signed link (an hour) to the stored, re-encoded photo; fetched with the bearer token, for a preview. */
    imageUrl: string(),
  }),
);
export type KycUploadReply = Infer<typeof kycUploadReply>;

/**
 * POST connect/uploadkyc/application — not in the spec's call table: the spec's KYC screen shows an Application ID
 * and its uploads name it, but no call that makes one is shown (sign-in's verification_id is read later). This call
 * gives the caller's open application, making one when there is none.
 */
export const kycApplicationBody = callerOnlyBody;
export type KycApplicationBody = Infer<typeof kycApplicationBody>;

export const kycApplication = type({
  applicationId: string(),
  status: kycStatus,
  uploaded: type({ aadhaar_front: boolean(), aadhaar_back: boolean(), selfie: boolean() }),
});
export type KycApplication = Infer<typeof kycApplication>;
export const kycApplicationReply = envelope(kycApplication);
export type KycApplicationReply = Infer<typeof kycApplicationReply>;

/** GET /media/kyc/:key?exp=&sig= — the query of a signed link (checked by the server, never trusted). */
export const kycImageQuery = object({ exp: string(), sig: string() });
export const kycImageParams = object({ key: string() });

/** The spec's KYC messages about uploads. */
export const kycUploadMessages = {
  uploaded: 'Image Uploaded.',
  failed: 'Error In Uploading.',
  applicationNotFound: 'Application not found.',
} as const;

/** The spec's 32-hex Application ID, as the verify calls take it. */
const applicationIdField = define<string>(
  'applicationID',
  (value) => (typeof value === 'string' && /^[0-9a-f]{32}$/.test(value)) || 'applicationID must be the Application ID shown on the KYC screen.',
);

/** POST connect/verifycustomer/verify: compare the ID's face with the selfie and read the date of birth. */
export const verifyKycBody = object({ applicationID: applicationIdField, ...callerFields });
export type VerifyKycBody = Infer<typeof verifyKycBody>;

/**
 * The spec's "KYC verify result": data.faceMatch, faceMatchPercent, dob (DD/MM/YYYY), aadharNumber (the ID's document
 * number). A refusal (no face, two faces, an unreadable date, a mismatch) is code 2 with the message to show.
 */
export const verifyKycData = type({ faceMatch: boolean(), faceMatchPercent: number(), dob: string(), aadharNumber: string() });
export type VerifyKycData = Infer<typeof verifyKycData>;
/**
 * With a vendor that collects its own capture (IDENTITY_ENGINE=stripe, decision 016), verify may answer code 2 with
 * pending: true while the vendor has not decided (nothing is decided, the photos stay: the shopper checks again), and
 * verificationUrl: the vendor's page where the shopper finishes the check (absent while the vendor is processing).
 * Without pending, a code 2 is a refusal or a mismatch.
 */
export const verifyKycReply = type({
  ...envelope(verifyKycData).schema,
  pending: optional(literal(true)),
  verificationUrl: optional(string()),
});
export type VerifyKycReply = Infer<typeof verifyKycReply>;

/**
 * POST api/customer/customerverify: is_verified=1 and the application's id as verificationid. The server grants it
 * only when that application of the caller matched and its own age computation says over 21; the client's word is
 * never enough.
 */
export const customerVerifyBody = object({
  is_verified: literal(1),
  verificationid: applicationIdField,
  ...callerFields,
});
export type CustomerVerifyBody = Infer<typeof customerVerifyBody>;
export const customerVerifyReply = codeAndMessage;
export type CustomerVerifyReply = Infer<typeof customerVerifyReply>;

/** POST connect/verifyorder/verify: a fresh selfie (uploaded first as {applicationId}_selfie.jpg) against the verified face. */
export const verifyOrderBody = object({
  applicationID: applicationIdField,
  orderID: string(),
  ...callerFields,
});
export type VerifyOrderBody = Infer<typeof verifyOrderBody>;
/**
 * Why a customer may not take the face check, when the reason is their identity decision rather than the photo:
 * 'under-21', the latest decision refused them as 21 or under (verifying again would not change it).
 */
export const identityRefusal = enums(['under-21']);
export type IdentityRefusal = Infer<typeof identityRefusal>;

/**
 * code 1: a match. code 2: the message to show; with refusal 'under-21' when the caller has no verified face because
 * they were refused as 21 or under (the message is then the spec's age refusal), so the client knows why from the
 * field, not the words.
 */
export const verifyOrderReply = type({
  ...envelope(type({ faceMatch: boolean(), faceMatchPercent: number() })).schema,
  refusal: optional(identityRefusal),
});
export type VerifyOrderReply = Infer<typeof verifyOrderReply>;

/**
 * POST api/customer/identity — not in the spec's call table: the caller's identity as the database holds it now, for
 * the face check (/verifyFace, the checkout's face step). Sign-in's verification_id is a copy taken at sign-in: a
 * customer verified since in another browser would otherwise read as unverified here until they signed in again.
 * verification_id: the application that made the caller verified ('' when none); refusal: see identityRefusal.
 */
export const identityBody = callerOnlyBody;
export type IdentityBody = Infer<typeof identityBody>;
export const identityStanding = type({ verification_id: string(), refusal: optional(identityRefusal) });
export type IdentityStanding = Infer<typeof identityStanding>;
export const identityReply = envelope(identityStanding);
export type IdentityReply = Infer<typeof identityReply>;

/** The spec's KYC and face verification messages (cart-checkout-account.md message tables). */
export const kycMessages = {
  frontMissing: 'Aadhar Front In Not Uploaded.',
  backMissing: 'Aadhar Back In Not Uploaded.',
  selfieMissing: 'Selfie In Not Uploaded.',
  faceMatchFailed: 'Error In Face Matching. Please Try Again',
  somethingWrong: 'Something Went Wrong',
  signUpDone: 'Sign Up Successful - Please Sign In with your credentials.',
  faceMatchIdMissing: 'Face Match Id Not Available.',
  orderFaceFailed: 'Error In Face Matching Or WebCam Access Issue. Please Try Again',
} as const;

/** 'Kyc Successful Face Match is {percent} %' */
export const kycSuccessMessage = (percent: number): string => `Kyc Successful Face Match is ${percent} %`;
/** 'Face Verification Successful Match is {n} %' */
export const faceCheckSuccessMessage = (percent: number): string => `Face Verification Successful Match is ${percent} %`;
