import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  kycApplicationBody,
  kycImageParams,
  kycImageQuery,
  kycUploadBody,
  kycUploadMessages,
  parseKycFileName,
  customerVerifyBody,
  identityBody,
  verifyKycBody,
  verifyOrderBody,
  type CustomerVerifyReply,
  type IdentityReply,
  type KycApplicationReply,
  type KycUploadReply,
  type VerifyKycReply,
  type VerifyOrderReply,
} from '../../src/api/contract/kyc.contract.ts';
import type { AppDeps } from '../deps.ts';
import { requireCaller } from '../http/auth.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { enforceLimit } from '../http/guards.ts';
import { parseWith } from '../http/validate.ts';
import type { Caller } from '../services/platform/caller.ts';
import { maxImageBytes } from '../services/identity/id-image.ts';
import { currentApplication, readKycImage, uploadKycImage } from '../services/identity/kyc-applications.ts';
import { identityStandingOf, verifyCustomer } from '../services/identity/customer-verification.ts';
import { checkOrderFace } from '../services/identity/face-check.ts';
import { verifyApplication } from '../services/identity/kyc-verification.ts';
import { kycUploadLimit, kycVerifyLimit } from '../services/platform/rate-limit.ts';

/**
 * KYC uploads (spec section 7 "Upload KYC image"; issue 11 "Server").
 *
 * - POST /connect/uploadkyc/application — our addition: the spec's KYC screen shows an Application ID and every upload
 *   names it, but the spec shows no call that makes one (sign-in's verification_id comes later, once verified). This
 *   call returns the caller's open application, making it on first use; the screen calls it when it opens.
 * - POST /connect/uploadkyc/kyc — one photo (imageData as a data URL, fileName '{applicationId}_aadhaar_front.jpg',
 *   '_aadhaar_back.jpg' or '_selfie.jpg'). The file name is matched against that pattern and only its two parts are
 *   used: it never becomes a path. The photo is checked and re-encoded (services/identity/id-image.ts).
 * - GET /media/kyc/:key?exp=&sig= — a stored photo, through a signed link (services/identity/kyc-links.ts), to its
 *   owner only.
 * - POST /connect/verifycustomer/verify — the identity engine on the application's ID front and selfie
 *   (services/identity/kyc-verification.ts); rate-limited per customer, the engine being the expensive part.
 * - POST /api/customer/customerverify — the final decision: is_verified only for the caller's own matched application
 *   and over 21 by the server's own computation; the photos are deleted (services/identity/customer-verification.ts).
 * - POST /connect/verifyorder/verify — the order-time face check: the fresh selfie uploaded to the caller's verified
 *   application against the face kept at verification; a match records a 15-minute face pass for the caller's open
 *   cart (orderID carries the cart id: no order exists yet), which place order takes (services/identity/face-check.ts).
 *   Limited per customer with verify, under its own key.
 * - POST /api/customer/identity — our addition: the caller's identity as the database holds it now (verification_id,
 *   and refusal 'under-21'), for the face check: sign-in's copy goes stale when the customer verifies elsewhere.
 */

/** 8 MB of image in base64 is about 11.2 MB of JSON; the app's 1 MB limit stays for every other call. */
const uploadBodyLimit = Math.ceil((maxImageBytes * 4) / 3) + 512 * 1024;

/** The caller found by the upload's onRequest hook, for its handler. */
const uploadCallers = new WeakMap<FastifyRequest, Caller>();

function uploadRefused(field: string, message: string): HttpError {
  const body = { code: 0, message: kycUploadMessages.failed, errors: [{ field, message }] };
  return new HttpError(400, `${field}: ${message}`, body);
}

/**
 * Every 400 of the upload carries the spec's 'Error In Uploading.' (with the fields named as usual), whether the
 * contract, the app-wide NUL check or the image check refused it; other errors go on to the app's error handler.
 */
function uploadErrorHandler(error: unknown, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError && error.statusCode === 400) return reply.status(400).send({ ...error.body, message: kycUploadMessages.failed });
  throw error;
}

export function kycRoutes({ db, config, storage, identity, limiter, rateLimits, clock }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/connect/uploadkyc/application', async (request): Promise<KycApplicationReply> => {
      const caller = await requireCaller(request, db);
      parseWith(kycApplicationBody, request.body);
      return { code: 1, data: await currentApplication(db, caller.customerId) };
    });

    app.post(
      '/connect/uploadkyc/kyc',
      {
        bodyLimit: uploadBodyLimit,
        errorHandler: uploadErrorHandler,
        // The token and the attempt count before the body is read: a stranger's 11 MB is never parsed.
        onRequest: async (request) => {
          const caller = await requireCaller(request, db);
          await enforceLimit(limiter, `kyc-upload:customer:${caller.customerId}`, kycUploadLimit(rateLimits));
          uploadCallers.set(request, caller);
        },
      },
      async (request): Promise<KycUploadReply> => {
        const caller = uploadCallers.get(request) ?? (await requireCaller(request, db));
        const body = parseWith(kycUploadBody, request.body);
        const name = parseKycFileName(body.fileName);
        if (!name) throw uploadRefused('fileName', 'fileName is not a KYC file name.');
        const outcome = await uploadKycImage(
          { db, storage, signingKey: config.uploads.signingKey, now: clock() },
          { customerId: caller.customerId, applicationId: name.applicationId, side: name.side, imageData: body.imageData },
        );
        if (outcome.kind === 'not-found') throw notFound(kycUploadMessages.applicationNotFound);
        if (outcome.kind === 'refused') throw uploadRefused(outcome.field, outcome.message);
        const { applicationId, side, status, imageUrl } = outcome;
        return { code: 1, message: kycUploadMessages.uploaded, data: { applicationId, side, status, imageUrl } };
      },
    );

    app.get('/media/kyc/:key', async (request, reply) => {
      const caller = await requireCaller(request, db);
      const { key } = parseWith(kycImageParams, request.params);
      const { exp, sig } = parseWith(kycImageQuery, request.query);
      const parts = { db, storage, signingKey: config.uploads.signingKey, now: clock() };
      const image = await readKycImage(parts, { customerId: caller.customerId, key, exp, sig });
      if (image.kind === 'not-found') throw notFound('Image not found');
      if (image.kind !== 'image') {
        const message = image.kind === 'expired' ? 'This link has expired.' : 'This link is not valid.';
        throw new HttpError(403, message, { code: 0, message });
      }
      return reply
        .headers({ 'content-type': 'image/jpeg', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' })
        .send(Buffer.from(image.bytes));
    });

    app.post('/connect/verifycustomer/verify', async (request): Promise<VerifyKycReply> => {
      const caller = await requireCaller(request, db);
      const body = parseWith(verifyKycBody, request.body);
      await enforceLimit(limiter, `kyc-verify:customer:${caller.customerId}`, kycVerifyLimit(rateLimits));
      const outcome = await verifyApplication(
        { db, storage, identity, hashKey: config.uploads.signingKey, now: clock() },
        { customerId: caller.customerId, applicationId: body.applicationID },
      );
      if (outcome.kind === 'not-found') throw notFound(kycUploadMessages.applicationNotFound);
      return outcome.reply;
    });

    app.post('/connect/verifyorder/verify', async (request): Promise<VerifyOrderReply> => {
      const caller = await requireCaller(request, db);
      const body = parseWith(verifyOrderBody, request.body);
      await enforceLimit(limiter, `face-check:customer:${caller.customerId}`, kycVerifyLimit(rateLimits));
      const outcome = await checkOrderFace(
        { db, storage, identity, now: clock() },
        { customerId: caller.customerId, applicationId: body.applicationID, cartId: body.orderID },
      );
      if (outcome.kind === 'not-found') throw notFound(outcome.what);
      return outcome.reply;
    });

    app.post('/api/customer/identity', async (request): Promise<IdentityReply> => {
      const caller = await requireCaller(request, db);
      parseWith(identityBody, request.body);
      return { code: 1, data: await identityStandingOf(db, caller.customerId) };
    });

    app.post('/api/customer/customerverify', async (request): Promise<CustomerVerifyReply> => {
      const caller = await requireCaller(request, db);
      const body = parseWith(customerVerifyBody, request.body);
      const outcome = await verifyCustomer({ db, storage, now: clock() }, { customerId: caller.customerId, applicationId: body.verificationid });
      if (outcome.kind === 'not-found') throw notFound(kycUploadMessages.applicationNotFound);
      return outcome.reply;
    });
  };
}
