import { App, Button, Input, Modal, Select } from 'antd';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CoinIcon } from '../../components/CoinIcon.tsx';
import { sanitizeAddress } from '../../lib/sanitizeAddress.ts';
import { useAppState } from '../../state/store.ts';
import { useIsMobile } from '../hooks/useIsMobile.ts';
import { addressQueryPath } from './AddressQuery.tsx';

/**
 * The address-query dialog (spec doc 2 §2, §5): a pool selector (icon + upper-cased type)
 * and an address box sanitised as typed. On desktop, confirm stays disabled until both an
 * address and a pool are chosen; on mobile a missing one is explained instead.
 */
export function AddressQueryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const searchPools = useAppState((state) => state.searchPools);
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [address, setAddress] = useState('');
  const currencyId = useId();
  const addressId = useId();
  const ready = Boolean(currency && address);

  const confirm = useCallback(() => {
    if (!currency || !address) {
      void message.warning(t('addressQuery.error'));
      return;
    }
    onClose();
    setAddress('');
    void navigate(addressQueryPath(currency, address));
  }, [address, currency, message, navigate, onClose, t]);

  const options = useMemo(
    () =>
      searchPools.map((pool) => ({
        value: pool.type,
        label: (
          <span className="pool-option" data-testid={`address-currency-option-${pool.type}`}>
            <CoinIcon src={pool.icon} size={18} />
            <span>{pool.type.toUpperCase()}</span>
          </span>
        ),
      })),
    [searchPools],
  );

  return (
    <Modal
      open={open}
      title={t('addressQuery.title')}
      onCancel={onClose}
      centered
      destroyOnHidden
      modalRender={(node) => <div data-testid="address-dialog">{node}</div>}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="address-cancel">
          {t('addressQuery.cancel')}
        </Button>,
        <Button key="confirm" type="primary" onClick={confirm} disabled={!isMobile && !ready} data-testid="address-confirm">
          {t('addressQuery.confirm')}
        </Button>,
      ]}
    >
      <div className="address-query">
        <label className="address-query__label" htmlFor={currencyId}>
          {t('addressQuery.currency')}
        </label>
        <Select
          id={currencyId}
          data-testid="address-currency"
          className="address-query__currency"
          value={currency}
          onChange={(value: string) => setCurrency(value)}
          placeholder={t('addressQuery.currencyPlaceholder')}
          options={options}
          showSearch={{ optionFilterProp: 'value' }}
        />
        <label className="address-query__label" htmlFor={addressId}>
          {t('addressQuery.address')}
        </label>
        <Input
          id={addressId}
          data-testid="address-input"
          value={address}
          onChange={(event) => setAddress(sanitizeAddress(event.target.value))}
          onPressEnter={confirm}
          placeholder={t('addressQuery.error')}
          autoComplete="off"
          spellCheck={false}
          allowClear
        />
      </div>
    </Modal>
  );
}
