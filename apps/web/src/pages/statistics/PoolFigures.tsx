import type { PoolStat } from '@platter/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { formatPower, type PowerRule } from './format.ts';
import './statistics.css';

/** One of a pool's public figures (spec doc 1 §3 'Pool'): its label key and formatted value. */
export interface PoolFigure {
  key: string;
  label: (rule: PowerRule) => string;
  value: (stat: PoolStat, rule: PowerRule) => ReactNode;
}

/** Height, mining of 24 h and 7 days, online miners and hosts, and the pool's power. */
export const POOL_FIGURES: PoolFigure[] = [
  { key: 'power', label: (rule) => (rule.hashrate ? 'poolPublic.figures.hashrate' : 'poolPublic.figures.capacity'), value: (stat, rule) => formatPower(stat, rule) },
  { key: 'miners', label: () => 'poolPublic.figures.onlineMiners', value: (stat) => String(stat.online_miners) },
  { key: 'hosts', label: () => 'poolPublic.figures.onlineHosts', value: (stat) => String(stat.online_users) },
  { key: 'height', label: () => 'poolPublic.figures.height', value: (stat) => stat.height },
  { key: 'blocks24h', label: () => 'poolPublic.figures.blocks24h', value: (stat) => String(stat.blocks_24h) },
  { key: 'mined24h', label: () => 'poolPublic.figures.mined24h', value: (stat) => <Amount value={stat.mined_24h} coin={stat.unit} /> },
  { key: 'blocks7d', label: () => 'poolPublic.figures.blocks7d', value: (stat) => String(stat.blocks_7d) },
  { key: 'mined7d', label: () => 'poolPublic.figures.mined7d', value: (stat) => <Amount value={stat.mined_7d} coin={stat.unit} /> },
];

/** Figures as labelled tiles; each value is `<testId>-<key>`. */
export function FigureTiles({ figures, testId }: { figures: { key: string; label: string; value: ReactNode }[]; testId: string }) {
  return (
    <dl className={`pool-figures pool-figures--${figures.length % 4 === 0 ? 4 : Math.min(figures.length, 3)}`} data-testid={testId}>
      {figures.map((figure) => (
        <div key={figure.key} className="pool-figures__tile">
          <dt>{figure.label}</dt>
          <dd data-testid={`${testId}-${figure.key}`}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A pool's figures as tiles. */
export function PoolFigures({ stat, rule, testId }: { stat: PoolStat; rule: PowerRule; testId: string }) {
  const { t } = useTranslation();
  return <FigureTiles testId={testId} figures={POOL_FIGURES.map((figure) => ({ key: figure.key, label: t(figure.label(rule)), value: figure.value(stat, rule) }))} />;
}
