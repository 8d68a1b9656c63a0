import { INVITE_PARAM } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { checkInvite, inviteKeys } from './inviteApi.ts';
import './invite.css';

const INVITE_ID = /^\d{8}$/;

/**
 * The invite of a registration link (/register?invite=<id>; issue 25): checked with the server
 * before the form is sent. A valid id is sent with the registration and shown; an unknown or
 * malformed one is shown as not valid and left out, so the visitor can still register.
 */
export function useRegisterInvite(): { invite: string | undefined; notice: ReactNode } {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get(INVITE_PARAM)?.trim() ?? '';
  const wellFormed = INVITE_ID.test(raw);
  const check = useQuery({ queryKey: inviteKeys.check(raw), queryFn: () => checkInvite(raw), enabled: wellFormed, staleTime: 60_000 });
  if (!raw) return { invite: undefined, notice: null };
  const valid = wellFormed && check.data?.valid === true;
  if (wellFormed && check.isPending) return { invite: undefined, notice: null };
  return {
    invite: valid ? raw : undefined,
    notice: (
      <Alert
        className="register-invite"
        type={valid ? 'info' : 'warning'}
        showIcon
        title={valid ? t('invite.register.valid', { id: raw }) : t('invite.register.invalid')}
        data-testid={valid ? 'register-invite' : 'register-invite-invalid'}
      />
    ),
  };
}
