import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { updatePasswordMachine, type UpdatePasswordContext } from '../../../src/machines/auth/update-password.machine.ts';
import { authFailureMessages } from '../../../src/machines/shared/auth-failure.ts';
import { answeredOnce, refusedByFault } from '../faults.ts';
import { resetLinkFor } from '../steps.ts';
import type { EventMapping, MachineMap } from './journey-map.ts';
import { failingOnce, newCustomer, nothingToDo, postJson } from './shoppers.ts';

/**
 * Update password at /account/resetpassword (updatePassword), opened from her emailed reset link, one walk:
 * UPDATE PASSWORD with nothing typed; a first new password whose change is lost, a second the server refuses, a third
 * that takes her to sign in. Each try has its own password (the same one again would be the same graph state).
 */

const file = 'tests/e2e/journeys/update-password.journeys.ts';
const passwords = ['first new secret 1', 'second new secret 2', 'third new secret 3'] as const;
/** What the form says before each try: nothing yet, the lost change's message, the refusal. */
const before = [undefined, authFailureMessages.somethingWentWrong, refusedByFault] as const;
const changeUrl = '/api/customer/changepassword';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as UpdatePasswordContext;
const when = (state: string, test: (c: UpdatePasswordContext) => boolean) => (snapshot: AnyMachineSnapshot) =>
  snapshot.matches(state) && test(contextOf(snapshot));
const form = (page: Page) => page.getByRole('main');
const tryOf = (c: UpdatePasswordContext) => passwords.findIndex((p) => p === c.values.new_password);

function typingNew(index: 0 | 1 | 2): EventMapping {
  const value = passwords[index];
  return {
    event: { type: 'field.change', field: 'new_password', value },
    when: when('editing', (c) =>
      index === 0 ? c.values.new_password === '' && c.errors.new_password !== undefined : tryOf(c) === index - 1 && c.message === before[index],
    ),
    act: async ({ page }) => form(page).getByLabel('New Password').fill(value),
  };
}

function confirming(index: 0 | 1 | 2): EventMapping {
  const value = passwords[index];
  return {
    event: { type: 'field.change', field: 'confirm_password', value },
    when: when('editing', (c) => tryOf(c) === index && c.values.confirm_password !== value),
    act: async ({ page }) => form(page).getByLabel('Confirm Password').fill(value),
  };
}

export const updatePasswordJourneys: MachineMap = {
  machine: updatePasswordMachine,
  file,
  variants: [
    {
      name: 'her reset link',
      input: () => ({ token: 'reset-token' }),
      open: async ({ page }) => {
        const { email } = await newCustomer('generated.reset');
        await postJson('/api/customer/forgot', { email });
        await page.goto(await resetLinkFor(email));
      },
    },
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.values, c.errors, c.message ?? null]);
  },
  events: {
    'field.change: first new password': typingNew(0),
    'field.change: confirm the first': confirming(0),
    'field.change: second new password': typingNew(1),
    'field.change: confirm the second': confirming(1),
    'field.change: third new password': typingNew(2),
    'field.change: confirm the third': confirming(2),
    'password.submit': {
      event: { type: 'password.submit' },
      when: when('editing', (c) => {
        const index = tryOf(c);
        if (c.values.new_password === '' && c.values.confirm_password === '') return c.errors.new_password === undefined;
        return index >= 0 && c.values.confirm_password === c.values.new_password && c.message === before[index];
      }),
      act: async ({ page }) => form(page).getByRole('button', { name: 'UPDATE PASSWORD' }).click(),
    },
    'changePassword: connection lost': {
      event: { type: 'xstate.error.actor.changePassword', error: new Error('offline') },
      when: when('changing', (c) => tryOf(c) === 0),
      prepare: failingOnce(changeUrl),
      act: nothingToDo,
    },
    'changePassword: refused': {
      event: { type: 'xstate.done.actor.changePassword', output: { code: -1, message: refusedByFault } },
      when: when('changing', (c) => tryOf(c) === 1),
      prepare: async ({ page }) => answeredOnce(page, changeUrl),
      act: nothingToDo,
    },
    'changePassword: changed': {
      event: { type: 'xstate.done.actor.changePassword', output: { code: 1, message: 'Your password has been changed.' } },
      when: when('changing', (c) => tryOf(c) === 2),
      act: nothingToDo,
    },
  },
  states: {
    'updatePassword.editing': { shows: (page) => form(page).getByRole('button', { name: 'UPDATE PASSWORD' }) },
    'updatePassword.changing': { passing: 'UPDATE PASSWORD is busy only while the server answers' },
    'updatePassword.changed': { leaves: /\/signIn$/ },
  },
  notDriven: {},
};
