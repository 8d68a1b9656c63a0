import type { CoinSetting } from '@platter/domain';
import { useTranslation } from 'react-i18next';
import { formatAmountText } from '../lib/amount.ts';
import { DeferredTooltip, type TriggerProps } from './deferredPopup.tsx';
import { useAppState } from '../state/store.ts';
import './amount.css';

/** The registry entry of a coin named by its registry key (CHIA) or its unit (XCH). */
export function findCoin(coins: readonly CoinSetting[], coin: string | undefined): CoinSetting | undefined {
  if (!coin) return undefined;
  return coins.find((c) => c.type === coin) ?? coins.find((c) => c.unit === coin) ?? coins.find((c) => c.type === coin.toUpperCase());
}

/** The shown text of an amount in the interface language, for places that need a string (charts, dialogs). */
export function useAmountText(): (value: string, coin?: string, options?: { signed?: boolean; unit?: boolean }) => string {
  const { i18n } = useTranslation();
  const coins = useAppState((state) => state.coinInfo);
  return (value, coin, options = {}) => {
    const entry = findCoin(coins, coin);
    const { text } = formatAmountText(value, { displayScale: entry?.display_scale, lang: i18n.language, signed: options.signed });
    const unit = entry?.unit ?? coin;
    return options.unit === false || !unit ? text : `${text} ${unit}`;
  };
}

export interface AmountProps {
  /** The exact amount in whole coins, as the API answers it ("77.334600432627"). */
  value: string;
  /** The coin: registry key (CHIA) or unit (XCH); its unit is what is shown (XCH, never CHIA). */
  coin?: string;
  /** Show the coin's unit after the figure (default: yes, when the coin is known). */
  unit?: boolean;
  /** A "+" before positive amounts (credits in the bill). */
  signed?: boolean;
  /** The test id of the figure itself (without the unit). */
  testId?: string;
  className?: string;
}

/**
 * Every amount the user sees (issue 20): the coin's display precision, trailing zeros trimmed,
 * grouped per language, the coin's unit after it; the exact amount in a tooltip when decimals were
 * cut, and always in `data-exact`. Exports carry exact amounts (the server writes them).
 */
export function Amount({ value, coin, unit = true, signed, testId, className }: AmountProps) {
  const { i18n } = useTranslation();
  const coins = useAppState((state) => state.coinInfo);
  const entry = findCoin(coins, coin);
  const { text, exact, cut } = formatAmountText(value, { displayScale: entry?.display_scale, lang: i18n.language, signed });
  const unitText = unit ? (entry?.unit ?? coin) : undefined;
  const figure = (props?: TriggerProps) => (
    <span className="amount__figure" data-testid={testId} data-exact={value} tabIndex={cut ? 0 : undefined} {...props}>
      {text}
    </span>
  );
  return (
    <span className={className ? `amount ${className}` : 'amount'}>
      {cut ? <DeferredTooltip title={unitText ? `${exact} ${unitText}` : exact} trigger={figure} /> : figure()}
      {unitText ? <span className="amount__unit"> {unitText}</span> : null}
    </span>
  );
}
