// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { KycApplicationReply, KycSide, KycUploadReply, VerifyKycReply } from '../../src/api/contract/kyc.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { KycPage } from '../../src/views/kyc/kyc-page.tsx';

const applicationId = '0123456789abcdef0123456789abcdef';
const stripePage = 'https://verify.stripe.com/start/test_session';

// The page's machine reaches the server through src/api: a stand-in for IDENTITY_ENGINE=stripe answers here.
const server = vi.hoisted(() => ({ calls: [] as string[], verifyAnswers: [] as VerifyKycReply[], photosOnServer: false }));
vi.mock('../../src/api/kyc.api.ts', () => ({
  loadKycApplication: vi.fn(async (): Promise<KycApplicationReply> => {
    const on = server.photosOnServer;
    return { code: 1, data: { applicationId, status: on ? 'uploaded' : 'started', uploaded: { aadhaar_front: on, aadhaar_back: on, selfie: on } } };
  }),
  uploadKycImage: vi.fn(async ({ fileName }: { fileName: string }): Promise<KycUploadReply> => {
    server.calls.push(`upload ${fileName}`);
    const side: KycSide = fileName.endsWith('_selfie.jpg') ? 'selfie' : fileName.endsWith('_back.jpg') ? 'aadhaar_back' : 'aadhaar_front';
    return { code: 1, data: { applicationId, side, status: 'uploaded', imageUrl: `/media/kyc/${side}?exp=1&sig=x` } };
  }),
  verifyKyc: vi.fn(async (): Promise<VerifyKycReply> => {
    server.calls.push('verify');
    return server.verifyAnswers.shift() ?? { code: 2, message: 'No more answers.' };
  }),
  customerVerify: vi.fn(async () => {
    server.calls.push('customerverify');
    return { code: 1 as const, message: 'Customer verified.' };
  }),
}));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderKyc() {
  const session = createActor(sessionMachine, { input: { Token: 'tok', CustomerId: 7, cust_name: 'Ada' } }).start();
  const notifications = createActor(notificationsMachine).start();
  render(
    <AppActorsContext.Provider value={{ session, notifications }}>
      <MemoryRouter initialEntries={['/kyc']}>
        <Routes>
          <Route path="/kyc" element={<KycPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppActorsContext.Provider>,
  );
  return { session };
}

async function choose(label: string, name: string) {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
  fireEvent.change(await screen.findByLabelText(label), { target: { files: [file] } });
}

/** Both ID sides and the selfie (the file fallback: jsdom has no camera), each read before the next. */
async function chooseAllPhotos() {
  await choose('ID front photo', 'front.jpg');
  await screen.findByAltText('ID front preview');
  await choose('ID back photo', 'back.jpg');
  await screen.findByAltText('ID back preview');
  await choose('Selfie photo', 'selfie.jpg');
  await screen.findByAltText('Selfie preview');
}

beforeEach(() => {
  server.calls = [];
  server.verifyAnswers = [];
  server.photosOnServer = false;
});
afterEach(cleanup);

describe('/kyc with a vendor that decides on its own page (IDENTITY_ENGINE=stripe)', () => {
  it('shows the vendor’s words and page while it waits, then Check again verifies and goes to sign-in', async () => {
    const waiting = 'Please finish verifying your identity with our verification partner, then press Check again.';
    const processing = 'Your identity check is being processed. Please press Check again in a minute.';
    server.verifyAnswers = [
      { code: 2, message: waiting, pending: true, verificationUrl: stripePage },
      { code: 2, message: processing, pending: true },
      { code: 1, data: { faceMatch: true, faceMatchPercent: 100, dob: '01/02/1990', aadharNumber: 'D1' } },
    ];
    const { session } = renderKyc();
    await screen.findByText(applicationId);
    await chooseAllPhotos();
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));

    // Pending: the vendor's words as information, its page in a new tab, and no Submit to upload the photos again.
    expect((await screen.findByText(waiting)).getAttribute('role')).toBe('status');
    const link = screen.getByRole('link', { name: 'Continue verification' });
    expect(link.getAttribute('href')).toBe(stripePage);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('button', { name: 'SUBMIT' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText(processing);
    // Processing: nothing left for the shopper to do on the vendor's page.
    expect(screen.queryByRole('link', { name: 'Continue verification' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/signIn'));
    expect(server.calls).toEqual([
      `upload ${applicationId}_aadhaar_front.jpg`,
      `upload ${applicationId}_aadhaar_back.jpg`,
      `upload ${applicationId}_selfie.jpg`,
      'verify',
      'verify',
      'verify',
      'customerverify',
    ]);
    // No cart: the session is cleared and the shopper signs in again, now verified.
    expect(session.getSnapshot().context).toEqual({});
  });

  it('back from the vendor’s page in a fresh /kyc, Check again verifies the photos already uploaded', async () => {
    server.photosOnServer = true;
    server.verifyAnswers = [{ code: 1, data: { faceMatch: true, faceMatchPercent: 100, dob: '01/02/1990', aadharNumber: 'D1' } }];
    renderKyc();
    expect((await screen.findByText(/^Your photos are already with us/)).getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/signIn'));
    expect(server.calls).toEqual(['verify', 'customerverify']);
  });

  it('does not offer Check again once a new photo is chosen', async () => {
    server.photosOnServer = true;
    renderKyc();
    await screen.findByRole('button', { name: 'Check again' });
    await choose('ID front photo', 'front.jpg');
    await screen.findByAltText('ID front preview');
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(screen.queryByText(/^Your photos are already with us/)).toBeNull();
  });

  it('does not link to a vendor page that is not https', async () => {
    server.verifyAnswers = [{ code: 2, message: 'Finish the check.', pending: true, verificationUrl: 'javascript:alert(1)' }];
    renderKyc();
    await screen.findByText(applicationId);
    await chooseAllPhotos();
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));
    const form = screen.getByRole('form', { name: 'Identity verification' });
    await within(form).findByText('Finish the check.');
    expect(within(form).queryByRole('link')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Check again' })).toBeTruthy();
  });
});
