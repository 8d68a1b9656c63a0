import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { userEndpoints, type UserInfo } from '@platter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../../api/index.ts';
import { queryKeys } from '../../api/queries.ts';
import { appStore } from '../../state/store.ts';

/** Re-reads user info after a security change (level, bindings, withdrawal lock). */
export function useRefreshUser() {
  const queryClient = useQueryClient();
  return async () => {
    const info = dataOf(await api.send(userEndpoints.info));
    // A logout finished while the call was out: its late answer must not sign the person back in.
    if (info && appStore.getState().userInfo) {
      appStore.setUserInfo(info);
      queryClient.setQueryData(queryKeys.userInfo, info);
    }
  };
}

export function LevelTag({ level }: { level: UserInfo['security_level'] }) {
  const { t } = useTranslation();
  const color = level === 'high' ? 'green' : level === 'middle' ? 'gold' : 'red';
  return (
    <Tag color={color} data-testid="security-level" data-level={level}>
      {t(`security.level.${level}`)}
    </Tag>
  );
}

export function Bound({ on, testId }: { on: boolean; testId: string }) {
  const { t } = useTranslation();
  return on ? (
    <span className="bound bound--on" data-testid={testId} data-bound="true">
      <CheckCircleFilled /> {t('security.bound')}
    </span>
  ) : (
    <span className="bound bound--off" data-testid={testId} data-bound="false">
      <ExclamationCircleFilled /> {t('security.notBound')}
    </span>
  );
}
