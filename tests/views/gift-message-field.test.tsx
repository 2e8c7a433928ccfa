// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GiftMessageField } from '../../src/views/checkout/gift-message-field.tsx';

afterEach(cleanup);

describe('gift message field', () => {
  it('shows the limit, keeps a long message whole and says it is too long', () => {
    const long = 'x'.repeat(1200);
    render(<GiftMessageField text={long} editable onChange={() => undefined} />);
    const field = screen.getByRole('textbox', { name: 'Gift message' });
    expect(field).toHaveProperty('value', long);
    expect(field.getAttribute('maxlength')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('1200 of 500 characters')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Gift message must be at most 500 characters.');
  });

  it('shows the count and no error within the limit', () => {
    render(<GiftMessageField text="Happy birthday!" editable onChange={() => undefined} />);
    expect(screen.getByText('15 of 500 characters')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
