// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTop } from '../../src/views/layout/use-scroll-to-top.ts';

let navigate: NavigateFunction = () => undefined;
function Page() {
  useScrollToTop();
  navigate = useNavigate();
  return null;
}

describe('a new page opens at its top', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    scrollTo.mockClear();
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('scrolls up on a link or a step to another path, not on a query change, back and forward, or the first page', () => {
    render(
      <MemoryRouter initialEntries={['/cart']}>
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate('/cart/address'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => navigate('/cart/speed', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    // A filter or a page of results in the query keeps the shopper where they are.
    act(() => navigate('/cart/speed?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    // Back: the browser restores where the shopper was.
    act(() => navigate(-1));
    act(() => navigate(-1));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
