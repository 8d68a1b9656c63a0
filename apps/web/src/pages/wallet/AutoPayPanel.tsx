import { evenRatios, isAmount, percentOfRatio, RATIO_WHOLE, ratioFromPercent, type AutoPay, type CurrencyEntry, type SecurityCodes, type WithdrawAddress } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SecurityVerification } from '../../components/SecurityVerification.tsx';
import { formatTime, middleEllipsis } from './format.ts';
import { codesComplete, useVerificationMethods } from './verification.ts';
import { useWalletSubmit } from './useWalletSubmit.ts';
import { fetchAddresses, fetchAutoPay, saveAutoPay, walletKeys } from './walletApi.ts';

/** One address's line of the form: whether it is paid, its share in percent, its minimum pay. */
type Line = { included: boolean; percent: string; minPay: string };

export type AutoPayCheck =
  | { ok: true; recipients: { address_id: string; ratio: number; min_pay: string }[] }
  | { ok: false; problem: 'ratio' | 'minPay' | 'needRecipient' | 'total'; total: number };

/**
 * The form's rules (spec doc 1 §5): each paid address needs a share above 0 and a minimum pay
 * in the coin's decimals; when Auto Pay is on, at least one address and shares totalling
 * exactly 100 %. Off may keep its recipients for later.
 */
export function checkAutoPay(enabled: boolean, lines: Record<string, Line>, scale: number): AutoPayCheck {
  const recipients: { address_id: string; ratio: number; min_pay: string }[] = [];
  let total = 0;
  let problem: 'ratio' | 'minPay' | undefined;
  for (const [addressId, line] of Object.entries(lines)) {
    if (!line.included) continue;
    const ratio = ratioFromPercent(line.percent);
    const minPay = line.minPay.trim() === '' ? '0' : line.minPay.trim();
    if (ratio === undefined) problem ??= 'ratio';
    else total += ratio;
    if (!/^\d+(\.\d+)?$/.test(minPay) || !isAmount(minPay, scale)) problem ??= 'minPay';
    recipients.push({ address_id: addressId, ratio: ratio ?? 0, min_pay: minPay });
  }
  if (problem) return { ok: false, problem, total };
  if (enabled && recipients.length === 0) return { ok: false, problem: 'needRecipient', total };
  if (enabled && total !== RATIO_WHOLE) return { ok: false, problem: 'total', total };
  return { ok: true, recipients };
}

function linesOf(setting: AutoPay, addresses: WithdrawAddress[]): Record<string, Line> {
  const lines: Record<string, Line> = {};
  for (const address of addresses) {
    const recipient = setting.recipients.find((r) => r.address_id === address.id);
    lines[address.id] = recipient ? { included: true, percent: percentOfRatio(recipient.ratio), minPay: recipient.min_pay } : { included: false, percent: '', minPay: '0' };
  }
  return lines;
}

/**
 * Auto Pay (spec doc 1 §3 'Withdrawal address', §5, §9 'Settlement and payout'): per coin, on or
 * off, the addresses of the book that are paid, each with its share and minimum pay.
 */
export function AutoPayPanel({ currencies, initialCoin }: { currencies: CurrencyEntry[]; initialCoin: string }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | undefined>();
  const coin = chosen ?? (initialCoin || currencies[0]?.type || '');
  const currency = currencies.find((c) => c.type === coin);
  const setting = useQuery({ queryKey: walletKeys.autoPay(coin), queryFn: () => fetchAutoPay(coin), enabled: coin !== '' });
  const addresses = useQuery({ queryKey: walletKeys.addresses(coin), queryFn: () => fetchAddresses(coin), enabled: coin !== '' });
  const [saved, setSaved] = useState(false);
  if (!currency) return null;

  return (
    <Card
      className="wallet-gap autopay"
      data-testid="autopay-panel"
      title={t('wallet.autopay.title')}
      extra={
        <Select
          value={coin}
          onChange={(value) => {
            setSaved(false);
            setChosen(value);
          }}
          data-testid="autopay-coin"
          options={currencies.map((c) => ({ value: c.type, label: <span data-testid={`autopay-coin-option-${c.type}`}>{c.unit}</span> }))}
        />
      }
    >
      <Typography.Paragraph type="secondary" className="wallet-small">
        {t('wallet.autopay.intro')} {t('wallet.autopay.feeNote', { fee: currency.withdraw_fee, unit: currency.unit })}
      </Typography.Paragraph>
      {setting.data && addresses.data ? (
        // The server's setting fills a fresh form whenever it, or the coin's address book, changes.
        <AutoPayForm
          key={`${coin}:${setting.dataUpdatedAt}:${addresses.dataUpdatedAt}`}
          currency={currency}
          setting={setting.data}
          book={addresses.data}
          onEdit={() => setSaved(false)}
          onSaved={() => setSaved(true)}
        />
      ) : null}
      {saved ? (
        <Alert type="success" showIcon closable className="wallet-gap" title={t('wallet.autopay.saved')} data-testid="autopay-saved" onClose={() => setSaved(false)} />
      ) : null}
    </Card>
  );
}

function AutoPayForm({
  currency,
  setting,
  book,
  onEdit,
  onSaved,
}: {
  currency: CurrencyEntry;
  setting: AutoPay;
  book: WithdrawAddress[];
  onEdit: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(setting.enabled);
  const [lines, setLines] = useState<Record<string, Line>>(() => linesOf(setting, book));
  const { busy, run } = useWalletSubmit(onSaved);
  // Turning Auto Pay on or changing its shares sends income out without review: the security
  // verification first, as for a withdrawal (turning it off needs none).
  const methods = useVerificationMethods('autopay');
  const [codes, setCodes] = useState<SecurityCodes>({});
  const unit = currency.unit;
  const check = checkAutoPay(enabled, lines, currency.scale);
  const verified = !enabled || codesComplete(methods, codes);
  const total = check.ok ? check.recipients.reduce((sum, r) => sum + r.ratio, 0) : check.total;

  const edit = (id: string, change: Partial<Line>) => {
    onEdit();
    setLines((current) => ({ ...current, [id]: { ...(current[id] ?? { included: false, percent: '', minPay: '0' }), ...change } }));
  };
  const splitEvenly = () => {
    const paid = book.filter((a) => lines[a.id]?.included);
    const ratios = evenRatios(paid.length);
    paid.forEach((a, i) => edit(a.id, { percent: percentOfRatio(ratios[i] ?? 0) }));
  };
  const save = () => {
    if (!check.ok) return;
    onEdit();
    void run(() => saveAutoPay({ coin: currency.type, enabled, recipients: check.recipients, ...(enabled ? codes : {}) }));
  };

  return (
    <>
      <Space wrap className="autopay__head">
        <Switch
          checked={enabled}
          onChange={(value) => {
            onEdit();
            setEnabled(value);
          }}
          data-testid="autopay-enabled"
        />
        <Typography.Text strong>{enabled ? t('wallet.autopay.on') : t('wallet.autopay.off')}</Typography.Text>
        <Typography.Text type="secondary" data-testid="autopay-last-run" data-outcome={setting.last_outcome ?? undefined}>
          {setting.last_run_at
            ? setting.last_outcome
              ? t('wallet.autopay.lastRunOutcome', { time: formatTime(setting.last_run_at), outcome: t(`wallet.autopay.outcome.${setting.last_outcome}`) })
              : t('wallet.autopay.lastRun', { time: formatTime(setting.last_run_at) })
            : t('wallet.autopay.neverRun')}
        </Typography.Text>
      </Space>
      {book.length === 0 ? <Alert type="info" showIcon className="wallet-gap" title={t('wallet.autopay.noAddress', { unit })} data-testid="autopay-no-address" /> : null}
      <div className="autopay__lines">
        {book.map((address) => {
          const line = lines[address.id] ?? { included: false, percent: '', minPay: '0' };
          const ratioBad = line.included && ratioFromPercent(line.percent) === undefined && line.percent !== '';
          return (
            <div key={address.id} className="autopay__line" data-testid={`autopay-line-${address.id}`}>
              <Checkbox checked={line.included} onChange={(e) => edit(address.id, { included: e.target.checked })} data-testid={`autopay-include-${address.id}`}>
                <span className="autopay__address" title={address.address}>
                  {address.remark ? <strong>{address.remark} · </strong> : null}
                  {middleEllipsis(address.address, 10)}
                </span>
              </Checkbox>
              <label className="autopay__field">
                <span className="autopay__label">{t('wallet.autopay.ratio')}</span>
                <Input
                  value={line.percent}
                  disabled={!line.included}
                  onChange={(e) => edit(address.id, { percent: e.target.value })}
                  inputMode="decimal"
                  status={ratioBad ? 'error' : undefined}
                  suffix="%"
                  data-testid={`autopay-ratio-${address.id}`}
                />
              </label>
              <label className="autopay__field">
                <span className="autopay__label">{t('wallet.autopay.minPay')}</span>
                <Input
                  value={line.minPay}
                  disabled={!line.included}
                  onChange={(e) => edit(address.id, { minPay: e.target.value })}
                  inputMode="decimal"
                  suffix={unit}
                  data-testid={`autopay-minpay-${address.id}`}
                />
              </label>
            </div>
          );
        })}
      </div>
      {enabled ? (
        <div className="wallet-gap" data-testid="autopay-verification">
          <Typography.Paragraph type="secondary" className="wallet-small">
            {t('wallet.autopay.verifyNote')}
          </Typography.Paragraph>
          {/* Labels above their fields, as in the withdrawal dialog: the panel is narrow on a phone. */}
          <Form layout="vertical">
            <SecurityVerification action="autopay" value={codes} onChange={setCodes} />
          </Form>
        </div>
      ) : null}
      <div className="autopay__foot">
        <Typography.Text type={check.ok || check.problem !== 'total' ? undefined : 'danger'} data-testid="autopay-total">
          {t('wallet.autopay.total', { total: percentOfRatio(total) })}
        </Typography.Text>
        <Space wrap>
          <Button onClick={splitEvenly} disabled={!book.some((a) => lines[a.id]?.included)} data-testid="autopay-split">
            {t('wallet.autopay.splitEvenly')}
          </Button>
          <Button type="primary" loading={busy} disabled={!check.ok || !verified} onClick={save} data-testid="autopay-save">
            {t('wallet.save')}
          </Button>
        </Space>
      </div>
      {!check.ok ? (
        <Typography.Paragraph type="danger" className="wallet-small autopay__problem" data-testid="autopay-problem" data-problem={check.problem}>
          {t(`wallet.autopay.problem.${check.problem}`)}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}
