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

/** One customer's whole KYC over HTTP: open the application, three uploads, verify, customer verify. */
export async function oneKyc(base: string, token: string, photos: KycPhotos, timings: KycTimings): Promise<void> {
  const call = async (url: string, body: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const parsed: unknown = await response.json();
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(parsed)}`);
    return parsed;
  };
  const opened = await call('/connect/uploadkyc/application', { store_id: 1 });
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
    await call('/connect/uploadkyc/kyc', { imageData, fileName: `${applicationId}_${side}.jpg` });
    timings.uploadMs.push(performance.now() - started);
  }
  const started = performance.now();
  const verdict = await call('/connect/verifycustomer/verify', { applicationID: applicationId, store_id: 1 });
  timings.verifyMs.push(performance.now() - started);
  const code = typeof verdict === 'object' && verdict !== null && 'code' in verdict ? verdict.code : undefined;
  if (code !== 1) {
    timings.other.push(JSON.stringify(verdict).slice(0, 120));
    return;
  }
  timings.matched += 1;
  // The decision, as the client makes it next: the customer is verified and the photos deleted.
  await call('/api/customer/customerverify', { is_verified: 1, verificationid: applicationId, store_id: 1 });
}

/** KYC without pause, `atOnce` customers at a time, until stop() is called; round-robin over the customers. */
export function startKycLoad(base: string, tokens: string[], photos: KycPhotos[], timings: KycTimings, atOnce: number) {
  let next = 0;
  let running = true;
  const loops = Array.from({ length: atOnce }, async () => {
    while (running) {
      const i = next++;
      await oneKyc(base, tokens[i % tokens.length] ?? '', photos[i % photos.length] ?? { front: '', back: '', selfie: '' }, timings);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
