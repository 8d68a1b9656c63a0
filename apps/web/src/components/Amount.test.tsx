// @vitest-environment happy-dom
import { COIN_SEEDS } from '@platter/domain';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { appStore } from '../state/store.ts';
import { byTestId, cleanup, render } from '../test/render.tsx';
import { Amount } from './Amount.tsx';

beforeEach(() => appStore.set({ coinInfo: [...COIN_SEEDS] }));
afterEach(async () => {
  cleanup();
  appStore.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('<Amount>', () => {
  it("shows the coin's display precision and unit (XCH for CHIA), the exact amount kept", async () => {
    const { container } = await render(<Amount value="77.334600432627" coin="CHIA" testId="a" />);
    expect(container.textContent).toBe('77.3346 XCH');
    expect(byTestId('a')?.getAttribute('data-exact')).toBe('77.334600432627');
    // Cut decimals make the figure focusable, so its tooltip (the exact amount) is reachable by keyboard too.
    expect(byTestId('a')?.getAttribute('tabindex')).toBe('0');
  });

  it('finds the coin by its unit, trims zeros and leaves an exact figure without a tooltip target', async () => {
    const { container } = await render(<Amount value="1500.000000000000" coin="XCH" testId="b" />);
    expect(container.textContent).toBe('1,500 XCH');
    expect(byTestId('b')?.getAttribute('tabindex')).toBeNull();
  });

  it('groups per the interface language and signs credits', async () => {
    await act(() => i18n.changeLanguage('ru'));
    const { container } = await render(<Amount value="1234.5" coin="BHD" signed />);
    expect(container.textContent).toBe('+1\u00a0234,5 BHD');
  });

  it('shows an unknown coin exactly, with the name it was given', async () => {
    const { container } = await render(<Amount value="0.123456789" coin="NEWCOIN" />);
    expect(container.textContent).toBe('0.123456789 NEWCOIN');
  });
});
