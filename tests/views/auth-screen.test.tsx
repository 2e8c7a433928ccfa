// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { AppActorsContext } from '../../src/views/app-context.tsx';
import { AuthScreen } from '../../src/views/auth/auth-screen.tsx';
import type { CaptchaFieldProps } from '../../src/views/auth/captcha-field.tsx';

// The real widget solves a proof of work in a worker; here a button stands in and sends what the widget would.
vi.mock('../../src/views/auth/captcha-field.tsx', () => ({
  CaptchaField: ({ actor }: CaptchaFieldProps) => (
    <button type="button" onClick={() => actor.send({ type: 'captcha.solve', payload: 'solved' })}>
      Solve captcha
    </button>
  ),
}));

afterEach(cleanup);

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderAt(path: string, stored: SessionValues = {}) {
  const session = createActor(sessionMachine, { input: stored }).start();
  const notifications = createActor(notificationsMachine).start();
  render(
    <AppActorsContext.Provider value={{ session, notifications }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AuthScreen />}>
            <Route path="/signIn" element={null} />
            <Route path="/createAccount" element={null} />
            <Route path="/forgot/password" element={null} />
          </Route>
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppActorsContext.Provider>,
  );
  return { session };
}

/** The message an input points at through aria-describedby. */
function describedMessage(input: HTMLElement): string | null | undefined {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('create account', () => {
  it('keeps CREATE ACCOUNT disabled until the captcha is solved', () => {
    renderAt('/createAccount');
    const submit = screen.getByRole('button', { name: 'CREATE ACCOUNT' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(submit).toHaveProperty('disabled', false);
  });

  it('shows every invalid field at once, each input pointing at its message', () => {
    renderAt('/createAccount');
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    const expected: [string, string][] = [
      ['First Name', 'First Name is required.'],
      ['Last Name', 'Last Name is required.'],
      ['Email', 'Email is required.'],
      ['Password', 'Password is required.'],
      ['Confirm Password', 'Confirm password is required.'],
    ];
    for (const [label, message] of expected) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(describedMessage(input)).toBe(message);
    }
  });

  it('clears a message as its field is edited, and shows format and match messages', () => {
    renderAt('/createAccount');
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));
    expect(describedMessage(screen.getByLabelText('Email'))).toBe('must be in email format');
    expect(describedMessage(screen.getByLabelText('Password'))).toBe('Password is too short - should be 8 chars minimum.');
    expect(describedMessage(screen.getByLabelText('Confirm Password'))).toBe('Passwords must match');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('has the newsletter choice and switches to sign in in place, the URL following', () => {
    renderAt('/createAccount');
    const newsletter = screen.getByRole('checkbox', { name: 'KEEP ME UP TO DATE ON NEWS AND EXCLUSIVE OFFERS' });
    fireEvent.click(newsletter);
    expect(newsletter).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/signIn');
    // The same machine: the email typed on the other form is still there.
    expect(screen.getByLabelText('Email or mobile')).toHaveProperty('value', 'ada@example.com');
  });
});

describe('sign in', () => {
  it('has the spec fields and links, and SIGN IN waits for the captcha', () => {
    renderAt('/signIn');
    expect(screen.getByLabelText('Email or mobile')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/forgot/password');
    expect(screen.getByRole('link', { name: 'Start here' }).getAttribute('href')).toBe('/createAccount');
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    fireEvent.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(describedMessage(screen.getByLabelText('Email or mobile'))).toBe('Email is required.');
    expect(describedMessage(screen.getByLabelText('Password'))).toBe('Password is required.');
  });

  it('opens forgot password in place; it needs no captcha', () => {
    renderAt('/signIn');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot Password' }));
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/forgot/password');
    fireEvent.click(screen.getByRole('button', { name: 'SEND RESET LINK' }));
    expect(describedMessage(screen.getByLabelText('Email'))).toBe('Email is required.');
  });
});

describe('a signed-in customer', () => {
  const customer: SessionValues = { Token: 'token', cust_name: 'Ada Lovelace', CustomerId: 1 };

  it.each([
    ['/signIn', '/store'],
    ['/createAccount', '/store'],
    ['/forgot/password', '/category/ALL'],
  ])('is sent from %s to %s', (from, to) => {
    renderAt(from, customer);
    expect(screen.getByTestId('path').textContent).toBe(to);
  });

  it('a guest-checkout token (no name) still sees the sign-in form', () => {
    renderAt('/signIn', { Token: 'guest-token', CustomerId: 9 });
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });

  it('signing in elsewhere (another tab writing the session) sends the form away', () => {
    const { session } = renderAt('/signIn');
    act(() => session.send({ type: 'session.update', values: customer }));
    expect(screen.getByTestId('path').textContent).toBe('/store');
  });
});
