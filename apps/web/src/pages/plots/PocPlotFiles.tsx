import type { Plot } from '@platter/domain';
import { useTranslation } from 'react-i18next';

/**
 * A BHD-family plotter's plot files as its miner names them (X-Plotfile
 * `<plotter>_<start nonce>_<nonces>`): each file with its nonce range and size. Nothing for a
 * plot without files (Chia and the other protocols).
 */
export function PocPlotFiles({ plot, size }: { plot: Plot; size: (bytes: string) => string }) {
  const { t } = useTranslation();
  if (!plot.files?.length) return null;
  return (
    <ul className="plots__files" aria-label={t('pocPlots.files')} data-testid={`plot-files-${plot.id}`}>
      {plot.files.map((f) => (
        <li key={f.file} data-testid={`plot-file-${f.file}`}>
          <span className="plots__id">{f.file}</span> · {t('pocPlots.nonces', { first: f.start_nonce, last: (BigInt(f.start_nonce) + BigInt(f.nonces) - 1n).toString() })} ·{' '}
          <span className="wallet-amount">{size(f.size)}</span>
        </li>
      ))}
    </ul>
  );
}
