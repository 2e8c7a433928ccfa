/**
 * The identity bench's KYC load: customers going through the spec's KYC calls over HTTP, as the KYC screen makes them
 * (open the application, upload the ID front, back and selfie, verify, customer verify), timed.
 */
import type { KycPhotos } from './kyc-photos.ts';

export const emptyTimings = (): KycTimings => ({ verifyMs: [], uploadMs: [], matched: 0, other: [] });

export interface KycTimings {
  verifyMs: number[];
  uploadMs: number[];
  matched: number;
  other: string[];
}

/** An application with its three photos uploaded, waiting for its verification. */
export interface UploadedApplication {
  token: string;
  applicationId: string;
}

const noPhotos: KycPhotos = { front: '', back: '', selfie: '' };

async function call(base: string, token: string, url: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const parsed: unknown = await response.json();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

/** Opens the customer's application (or finds the open one) and uploads the ID front, back and selfie. */
export async function uploadKyc(base: string, token: string, photos: KycPhotos, timings: KycTimings): Promise<UploadedApplication> {
  const opened = await call(base, token, '/connect/uploadkyc/application', { store_id: 1 });
  const applicationId =
    typeof opened === 'object' &&
    opened !== null &&
    'data' in opened &&
    typeof opened.data === 'object' &&
    opened.data !== null &&
    'applicationId' in opened.data
      ? String(opened.data.applicationId)
      : '';
  for (const [side, imageData] of [
    ['aadhaar_front', photos.front],
    ['aadhaar_back', photos.back],
    ['selfie', photos.selfie],
  ] as const) {
    const started = performance.now();
    await call(base, token, '/connect/uploadkyc/kyc', { imageData, fileName: `${applicationId}_${side}.jpg` });
    timings.uploadMs.push(performance.now() - started);
  }
  return { token, applicationId };
}

/** Verifies an uploaded application (timed) and, on a match, makes the decision as the client does next. */
export async function verifyKyc(base: string, { token, applicationId }: UploadedApplication, timings: KycTimings): Promise<void> {
  const started = performance.now();
  const verdict = await call(base, token, '/connect/verifycustomer/verify', { applicationID: applicationId, store_id: 1 });
  timings.verifyMs.push(performance.now() - started);
  const code = typeof verdict === 'object' && verdict !== null && 'code' in verdict ? verdict.code : undefined;
  if (code !== 1) {
    timings.other.push(JSON.stringify(verdict).slice(0, 120));
    return;
  }
  timings.matched += 1;
  // The decision: the customer is verified and the photos deleted.
  await call(base, token, '/api/customer/customerverify', { is_verified: 1, verificationid: applicationId, store_id: 1 });
}

/** One customer's whole KYC over HTTP: open the application, three uploads, verify, customer verify. */
export async function oneKyc(base: string, token: string, photos: KycPhotos, timings: KycTimings): Promise<void> {
  await verifyKyc(base, await uploadKyc(base, token, photos, timings), timings);
}

/**
 * Verifications one after another, never two at once, over applications uploaded beforehand (so that the engine is
 * busy for the whole of a row, and the uploads are not part of it), until stop() or until they run out.
 */
export function startVerifications(base: string, applications: UploadedApplication[], timings: KycTimings) {
  let running = true;
  const loop = (async () => {
    for (const application of applications) {
      if (!running) return;
      await verifyKyc(base, application, timings);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** KYC without pause, `atOnce` customers at a time, until stop() is called; round-robin over the customers. */
export function startKycLoad(base: string, tokens: string[], photos: KycPhotos[], timings: KycTimings, atOnce: number) {
  let next = 0;
  let running = true;
  const loops = Array.from({ length: atOnce }, async () => {
    while (running) {
      const i = next++;
      await oneKyc(base, tokens[i % tokens.length] ?? '', photos[i % photos.length] ?? noPhotos, timings);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
