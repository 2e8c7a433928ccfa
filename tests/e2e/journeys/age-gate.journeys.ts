import type { Page } from '@playwright/test';
import { createActor } from 'xstate';
import { ageGateMachine } from '../../../src/machines/entry/age-gate.machine.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import type { MachineMap } from './journey-map.ts';

/**
 * 'Are you 21 or older?' on '/' (age-gate.machine, invoked by the entry machine): Yes, No and Back on a first visit.
 * The Yes journey ends at the pincode dialog, where pincode.journeys.ts takes over.
 */

const file = 'tests/e2e/journeys/age-gate.journeys.ts';
const question = (page: Page) => page.getByRole('heading', { name: 'Are you 21 or older?' });
const pincodeDialog = (page: Page) => page.getByRole('dialog', { name: 'Please enter your pincode to start shopping' });

export const ageGateJourneys: MachineMap = {
  machine: ageGateMachine,
  file,
  variants: [
    {
      name: 'first visit',
      input: () => ({ session: createActor(sessionMachine, { input: {} }).start() }),
      open: async ({ page }) => {
        await page.goto('/');
      },
    },
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  events: {
    'age.confirm': {
      event: { type: 'age.confirm' },
      when: (snapshot) => snapshot.matches('asking'),
      act: async ({ page }) => page.getByRole('button', { name: 'Yes, I am 21 or older' }).click(),
    },
    'age.deny': {
      event: { type: 'age.deny' },
      when: (snapshot) => snapshot.matches('asking'),
      act: async ({ page }) => page.getByRole('button', { name: 'No', exact: true }).click(),
    },
    'age.back': {
      event: { type: 'age.back' },
      when: (snapshot) => snapshot.matches('refused'),
      act: async ({ page }) => page.getByRole('button', { name: 'Back', exact: true }).click(),
    },
  },
  states: {
    'ageGate.asking': { shows: (page) => page.getByRole('button', { name: 'Yes, I am 21 or older' }), hides: pincodeDialog },
    'ageGate.refused': { shows: (page) => page.getByRole('alert').filter({ hasText: 'Sorry, you must be 21 or older to enter.' }) },
    'ageGate.verified': { shows: pincodeDialog, hides: question },
  },
  notDriven: {},
};
