// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { HomepageReply } from '../../src/api/contract/home.contract.ts';
import { pageBannersElementId } from '../../src/api/contract/home.contract.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { StoreHome } from '../../src/views/store/store-home.tsx';

/** The home call, answered when the test says so. */
let answerHome: (reply: HomepageReply) => void = () => undefined;
vi.mock('../../src/api/home.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/home.api.ts')>()),
  getHomepage: () => new Promise<HomepageReply>((resolve) => (answerHome = resolve)),
  getBanners: () => new Promise(() => undefined),
}));

const pageBanners = [
  { imageurl: '/media/banners/0.svg', alt: 'Steaks, lobster and oysters for two' },
  { imageurl: '/media/banners/1.svg', alt: 'Surf and turf' },
];

function renderHome() {
  const session = createActor(sessionMachine, { input: { ageGateVerified: true, zipcode: '10001', location: 101 } }).start();
  const notifications = createActor(notificationsMachine).start();
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppActorsContext.Provider value={{ session, notifications }}>
        <MemoryRouter initialEntries={['/store']}>
          <StoreHome />
        </MemoryRouter>
      </AppActorsContext.Provider>
    </SWRConfig>,
  );
}

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('the store home draws the banners its page arrived with before the home call answers', () => {
  it('shows them with the loading line, then keeps the same first picture element when the answer lands', async () => {
    // As server/http/spa-shell.ts writes them into /store's page.
    document.head.innerHTML = `<script type="application/json" id="${pageBannersElementId}">${JSON.stringify(pageBanners)}</script>`;
    renderHome();
    const first = screen.getByRole('img', { name: pageBanners[0]?.alt });
    expect(first.getAttribute('src')).toBe('/media/banners/0.svg');
    expect(screen.getByRole('img', { name: 'Surf and turf' })).toBeTruthy();
    expect(screen.getByText('Loading the store…')).toBeTruthy();

    answerHome({
      code: 1,
      message: 'ok',
      data: { banner: pageBanners, ads: [], topproduct: [] },
    });
    expect(await screen.findByRole('heading', { name: 'TOP PRODUCT IN YOUR AREA' })).toBeTruthy();
    expect(screen.queryByText('Loading the store…')).toBeNull();
    // The same element: React kept the picture in place, so the browser paints nothing new (no second largest paint).
    expect(screen.getByRole('img', { name: pageBanners[0]?.alt })).toBe(first);
  });
});
