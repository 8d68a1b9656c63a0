// @vitest-environment happy-dom
import { COIN_SEEDS, POOL_SEEDS } from '@platter/domain';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fetchMock.ts';
import { renderApp, resetAppState } from '../../test/app.tsx';
import { byTestId, cleanup, click, currentLocation, typeInto, waitFor } from '../../test/render.tsx';
import { addressQueryPath } from './AddressQuery.tsx';

function setWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  window.dispatchEvent(new Event('resize'));
}

const registry = { 'GET /api/setting/coin': ok(COIN_SEEDS), 'GET /api/setting/pool': ok(POOL_SEEDS) };

async function openDialog() {
  await click(await waitFor(() => byTestId('header-search')));
  return waitFor(() => byTestId('address-dialog'));
}

async function chooseCurrency(type: string) {
  const select = byTestId('address-currency') as HTMLElement;
  const selector = select.querySelector('.ant-select-selector, .ant-select-content') ?? select;
  await act(async () => {
    selector.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const option = await waitFor(() => byTestId(`address-currency-option-${type}`));
  await click(option.closest('.ant-select-item') as HTMLElement);
}

beforeEach(() => {
  resetAppState();
  setWidth(1280);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('address-query dialog (spec doc 2 §2, §5)', () => {
  it('is titled, lists the registry pools upper-cased with icons and sanitises the address', async () => {
    await renderApp('/', registry);
    await waitFor(() => byTestId('pool-card-chia'));
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('Address query');
    const input = byTestId('address-input') as HTMLInputElement;
    expect(input.placeholder).toBe('Please enter a valid address: letters and digits only');
    await typeInto(input, ' xch1-abc 234 ');
    expect(input.value).toBe('xch1abc234');
    await typeInto(input, 'xch1_abc');
    expect(input.value).toBe('');

    await chooseCurrency('bhd_co');
    const option = byTestId('address-currency-option-chia');
    expect(option?.textContent).toBe('CHIA');
    expect(option?.querySelector('img')?.getAttribute('src')).toBe('/coins/chia.svg');
  });

  it('keeps confirm disabled on desktop until both address and currency are chosen, then goes to the result', async () => {
    await renderApp('/', registry);
    await waitFor(() => byTestId('pool-card-chia'));
    await openDialog();
    const confirm = () => byTestId('address-confirm') as HTMLButtonElement;
    expect(confirm().disabled).toBe(true);
    await typeInto(byTestId('address-input') as HTMLInputElement, 'xch1abc');
    expect(confirm().disabled).toBe(true);
    await chooseCurrency('chia');
    expect(confirm().disabled).toBe(false);
    await click(confirm());
    await waitFor(() => currentLocation.pathname === '/mypools/chia/xch1abc');
  });

  it('enables confirm on mobile and explains what is missing', async () => {
    setWidth(390);
    await renderApp('/', registry);
    await openDialog();
    const confirm = byTestId('address-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    await click(confirm);
    await waitFor(() => currentLocation.pathname === '/');
    await waitFor(() => document.querySelector('.ant-message')?.textContent?.includes('letters and digits'));
  });

  it('builds the result path', () => {
    expect(addressQueryPath('chia', 'xch1abc')).toBe('/mypools/chia/xch1abc');
  });
});
