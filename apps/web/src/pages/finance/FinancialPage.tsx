import { FINANCE_PRODUCT_TYPES, type FinanceProduct, type SecurityCodes } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Input, Modal, Progress, Segmented, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_PATH } from '../../app/guards.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SecurityVerification } from '../../components/SecurityVerification.tsx';
import { useModalSubmit } from '../../lib/useModalSubmit.ts';
import { isSignedIn, useAppState } from '../../state/store.ts';
import { codesComplete, useVerificationMethods } from '../wallet/verification.ts';
import { fetchTotalAssets, walletKeys } from '../wallet/walletApi.ts';
import { newRequestId } from '../wallet/WithdrawDialog.tsx';
import { buyProduct, fetchProducts, financeKeys } from './financeApi.ts';
import { productFacts, useCoinUnit } from './format.ts';
import './finance.css';

type TypeFilter = 'all' | (typeof FINANCE_PRODUCT_TYPES)[number];

const STATUS_COLOR = { on_shelf: 'green', withdrawn: 'default', interest_bearing: 'blue' } as const;

/**
 * /financial: the cooperation area's product list and product details (spec doc 1 §2, §3
 * 'Finance product'; issue 23), public; buying asks a signed-in user for the amount (and the
 * withdrawal's security verification where the product asks for it). `?product=<id>` opens a
 * product's details.
 */
export function FinancialPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<TypeFilter>('all');
  const [params, setParams] = useSearchParams();
  const [buying, setBuying] = useState<FinanceProduct | null>(null);
  const query = { type: type === 'all' ? undefined : type, page: 1, count: 100 };
  const products = useQuery({ queryKey: financeKeys.products(query), queryFn: () => fetchProducts(query) });
  const list = products.data?.list ?? [];
  const detailsId = params.get('product');
  const details = list.find((p) => p.id === detailsId) ?? null;
  const openDetails = (id: string | null) => setParams(id ? { product: id } : {}, { replace: true });

  return (
    <div className="page finance-page" data-testid="financial-page">
      <PageHeading title={t('finance.title')}>{t('finance.intro')}</PageHeading>
      <Segmented
        className="finance-filter"
        data-testid="finance-type-filter"
        value={type}
        onChange={(value) => setType(value as TypeFilter)}
        options={(['all', ...FINANCE_PRODUCT_TYPES] as const).map((value) => ({ value, label: <span data-testid={`finance-type-${value}`}>{t(`finance.type.${value}`)}</span> }))}
      />
      {list.length === 0 && !products.isPending ? <Empty description={t('finance.noProducts')} /> : null}
      <div className="finance-grid" data-testid="finance-products">
        {list.map((product) => (
          <ProductCard key={product.id} product={product} onDetails={() => openDetails(product.id)} onBuy={() => setBuying(product)} />
        ))}
      </div>
      {details ? <ProductDetails product={details} onClose={() => openDetails(null)} onBuy={() => setBuying(details)} /> : null}
      {buying ? <BuyDialog product={buying} onClose={() => setBuying(null)} /> : null}
    </div>
  );
}

function ProductCard({ product, onDetails, onBuy }: { product: FinanceProduct; onDetails: () => void; onBuy: () => void }) {
  const { t } = useTranslation();
  const unitOf = useCoinUnit();
  const quota = Number(product.quota);
  const percent = quota > 0 ? Math.min(100, Math.round((Number(product.ordered) / quota) * 100)) : null;
  return (
    <div className="finance-card" data-testid={`finance-product-${product.id}`}>
      <div className="finance-card__head">
        <Typography.Text strong className="finance-card__name">
          {product.name}
        </Typography.Text>
        <Space size={4} wrap>
          <Tag>{t(`finance.type.${product.type}`)}</Tag>
          <Tag color={STATUS_COLOR[product.status]} data-testid={`finance-status-${product.id}`}>
            {t(`finance.status.${product.status}`)}
          </Tag>
        </Space>
      </div>
      <div className="finance-card__rate">
        <span className="finance-card__rate-value" data-testid={`finance-rate-${product.id}`}>
          {product.annual_rate} %
        </span>
        <Typography.Text type="secondary">{t('finance.field.rate')}</Typography.Text>
      </div>
      <div className="finance-card__facts">
        <span>
          {t('finance.field.min')}: {product.min_amount} {unitOf(product.coin)}
        </span>
        <span>
          {product.type === 'HQB' || product.type === 'SXC'
            ? `${t('finance.field.redemption')}: ${t('finance.tDays', { count: product.redemption_days })}`
            : product.type === 'LOCK'
              ? `${t('finance.field.stakingBlocks')}: ${product.staking_blocks}`
              : `${t('finance.field.term')}: ${product.indefinite ? t('finance.field.indefinite') : t('finance.days', { count: product.term_days })}`}
        </span>
      </div>
      {percent !== null ? <Progress percent={percent} size="small" /> : null}
      <div className="finance-card__actions">
        <Button onClick={onDetails} data-testid={`finance-details-${product.id}`}>
          {t('finance.details')}
        </Button>
        <Button type="primary" onClick={onBuy} disabled={product.status !== 'on_shelf'} data-testid={`finance-buy-${product.id}`}>
          {t('finance.buy')}
        </Button>
      </div>
    </div>
  );
}

/** The product details (spec doc 1 §3's fields). */
function ProductDetails({ product, onClose, onBuy }: { product: FinanceProduct; onClose: () => void; onBuy: () => void }) {
  const { t } = useTranslation();
  const unitOf = useCoinUnit();
  return (
    <Modal
      open
      title={product.name}
      onCancel={onClose}
      width={720}
      modalRender={(node) => <div data-testid="finance-product-details">{node}</div>}
      footer={
        <Space>
          <Button onClick={onClose}>{t('finance.cancel')}</Button>
          <Button type="primary" onClick={onBuy} disabled={product.status !== 'on_shelf'} data-testid="finance-details-buy">
            {t('finance.buy')}
          </Button>
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        bordered
        items={productFacts(product, t, unitOf).map(([label, value], i) => ({ key: String(i), label, children: value }))}
      />
    </Modal>
  );
}

function BuyDialog({ product, onClose }: { product: FinanceProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const unit = useCoinUnit()(product.coin);
  const signedIn = isSignedIn(useAppState((state) => state.userInfo));
  const assets = useQuery({ queryKey: walletKeys.assets, queryFn: fetchTotalAssets, enabled: signedIn });
  const available = assets.data?.list.find((a) => a.type === product.coin)?.available ?? '0';
  const methods = useVerificationMethods('withdraw');
  const [amount, setAmount] = useState('');
  const [codes, setCodes] = useState<SecurityCodes>({});
  const requestId = useRef<string | null>(null);
  const { busy, submit: send } = useModalSubmit();
  const ready = /^\d+(\.\d+)?$/.test(amount.trim()) && (!product.verify_purchase || codesComplete(methods, codes));

  const submit = async () => {
    if (!ready) return;
    requestId.current ??= newRequestId();
    const body = { product_id: product.id, amount: amount.trim(), request_id: requestId.current, ...(product.verify_purchase ? codes : {}) };
    const answer = await send(() => buyProduct(body), { invalidate: [financeKeys.all, walletKeys.all], success: t('finance.bought'), onDone: onClose });
    // Answered (accepted or refused): the next try is a new request; a transport failure keeps the id.
    if (answer) requestId.current = null;
  };

  return (
    <Modal
      open
      title={t('finance.buyTitle', { name: product.name })}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => <div data-testid="finance-buy-dialog">{node}</div>}
      footer={
        signedIn ? (
          <Space>
            <Button onClick={onClose}>{t('finance.cancel')}</Button>
            <Button type="primary" loading={busy} disabled={!ready} onClick={() => void submit()} data-testid="finance-buy-submit">
              {t('finance.buy')}
            </Button>
          </Space>
        ) : null
      }
    >
      {signedIn ? (
        <Space direction="vertical" className="finance-block">
          <Typography.Text type="secondary" data-testid="finance-buy-available">
            {t('finance.available', { amount: `${available} ${unit}` })}
          </Typography.Text>
          <Input
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            placeholder={`${t('finance.field.min')}: ${product.min_amount}`}
            addonAfter={unit}
            aria-label={t('finance.amount')}
            data-testid="finance-buy-amount"
          />
          <Typography.Text type="secondary">{t('finance.buyNote')}</Typography.Text>
          {product.verify_purchase ? <SecurityVerification action="withdraw" value={codes} onChange={setCodes} /> : null}
        </Space>
      ) : (
        <Link to={LOGIN_PATH} state={{ from: `/financial?product=${product.id}` }} data-testid="finance-sign-in">
          {t('finance.signInToBuy')}
        </Link>
      )}
    </Modal>
  );
}
