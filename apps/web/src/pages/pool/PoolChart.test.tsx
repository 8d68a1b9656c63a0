// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { monotonePath, niceTicks, thinnedLabels } from './chartScale.ts';
import { PoolChart, type ChartPoint } from './PoolChart.tsx';
import { byTestId, cleanup, render } from '../../test/render.tsx';

afterEach(cleanup);

const hours: ChartPoint[] = Array.from({ length: 24 }, (_, i) => ({ label: `${String(i).padStart(2, '0')}:00`, value: i === 20 ? 3.7 : i === 21 ? 1.2 : 0 }));

function chart(kind: 'area' | 'bars', points: ChartPoint[]) {
  return render(<PoolChart kind={kind} points={points} seriesName="Capacity" valueText={(v) => `${v} TiB`} summary="Capacity per hour, highest 3.7 TiB at 20:00" testId="c" />);
}

/** The pointer over the chart at `x` px from its left edge (happy-dom lays the chart at 0, 600 px wide). */
async function pointAt(x: number) {
  await act(async () => {
    byTestId('c-svg')?.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: x, clientY: 100 }));
  });
}

describe('the pool chart', () => {
  it('draws an area through the hours, described for a screen reader', async () => {
    await chart('area', hours);
    const svg = byTestId('c-svg');
    expect(svg?.getAttribute('role')).toBe('img');
    expect(svg?.getAttribute('aria-label')).toBe('Capacity per hour, highest 3.7 TiB at 20:00');
    const [fill, line] = Array.from(svg?.querySelectorAll('.pool-chart__area path') ?? []);
    // 24 points: a move and 23 curve segments, the fill closed down to the axis.
    expect(line?.getAttribute('d')?.match(/C/g)).toHaveLength(23);
    expect(fill?.getAttribute('d')).toMatch(/Z$/);
    expect(fill?.getAttribute('fill')).toBe('url(#c-fill)');
  });

  it('puts the y ticks at nice values above the highest point', async () => {
    await chart('area', hours);
    expect(Array.from(byTestId('c-yticks')?.querySelectorAll('text') ?? []).map((t) => t.textContent)).toEqual(['0', '1', '2', '3', '4']);
    expect(niceTicks(0.37)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(niceTicks(9)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(20)).toEqual([0, 5, 10, 15, 20]);
  });

  it('names only as many hours as fit, the latest always', async () => {
    await chart('area', hours);
    const labels = Array.from(byTestId('c-xlabels')?.querySelectorAll('text') ?? []);
    expect(labels.length).toBeGreaterThan(3);
    expect(labels.length).toBeLessThan(24);
    expect(labels[labels.length - 1]?.textContent).toBe('23:00');
    const xs = labels.map((t) => Number(t.getAttribute('x')));
    for (let i = 1; i < xs.length; i++) expect((xs[i] ?? 0) - (xs[i - 1] ?? 0)).toBeGreaterThanOrEqual(35 + 24);
    // On a phone (about 330 px of plot) fewer of them; on a wide screen all 24 fit.
    expect(thinnedLabels(24, 330, 35)).toHaveLength(5);
    expect(thinnedLabels(24, 1400, 35)).toHaveLength(24);
  });

  it('shows the nearest hour and its value under the pointer, and hides it when the pointer leaves', async () => {
    await chart('area', hours);
    expect(byTestId('c-tooltip')).toBeNull();
    const label20 = Array.from(byTestId('c-xlabels')?.querySelectorAll('text') ?? []).find((t) => t.textContent === '20:00');
    await pointAt(Number(label20?.getAttribute('x')) + 3);
    expect(byTestId('c-tooltip')?.textContent).toBe('20:00Capacity : 3.7 TiB');
    await act(async () => {
      // React makes its pointerleave from the native pointerout to an element outside.
      byTestId('c-svg')?.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, relatedTarget: document.body }));
    });
    expect(byTestId('c-tooltip')).toBeNull();
  });

  it('reads the points with the keyboard: focus shows the latest, the arrows move, Home and End jump, Escape and leaving hide', async () => {
    await chart('area', hours);
    const svg = byTestId('c-svg') as unknown as SVGSVGElement;
    expect(svg.getAttribute('tabindex')).toBe('0');
    const key = (name: string) =>
      act(async () => {
        svg.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
      });
    await act(async () => {
      svg.focus();
    });
    expect(byTestId('c-tooltip')?.textContent).toBe('23:00Capacity : 0 TiB');
    expect(byTestId('c-tooltip')?.getAttribute('aria-live')).toBe('polite');
    await key('ArrowLeft');
    await key('ArrowLeft');
    await key('ArrowLeft');
    expect(byTestId('c-tooltip')?.textContent).toBe('20:00Capacity : 3.7 TiB');
    await key('Home');
    expect(byTestId('c-tooltip')?.textContent).toBe('00:00Capacity : 0 TiB');
    await key('ArrowLeft');
    expect(byTestId('c-tooltip')?.textContent).toBe('00:00Capacity : 0 TiB');
    await key('End');
    await key('ArrowRight');
    expect(byTestId('c-tooltip')?.textContent).toBe('23:00Capacity : 0 TiB');
    await key('Escape');
    expect(byTestId('c-tooltip')).toBeNull();
    await key('ArrowLeft');
    expect(byTestId('c-tooltip')?.textContent).toBe('22:00Capacity : 0 TiB');
    await act(async () => {
      svg.blur();
    });
    expect(byTestId('c-tooltip')).toBeNull();
  });

  it('draws a bar for each day with income, none for a day without, and names the day under the pointer', async () => {
    const days = [
      { label: '11-24', value: 0.25 },
      { label: '11-25', value: 0 },
      { label: '11-26', value: 0.5 },
    ];
    await chart('bars', days);
    expect(byTestId('c-svg')?.querySelectorAll('.pool-chart__bars path')).toHaveLength(2);
    expect(Array.from(byTestId('c-xlabels')?.querySelectorAll('text') ?? []).map((t) => t.textContent)).toEqual(['11-24', '11-25', '11-26']);
    await pointAt(590);
    expect(byTestId('c-tooltip')?.textContent).toBe('11-26Capacity : 0.5 TiB');
  });

  it('keeps the curve within its points: a zero hour is not drawn below the axis', () => {
    const d = monotonePath([
      { x: 0, y: 100 },
      { x: 10, y: 0 },
      { x: 20, y: 100 },
      { x: 30, y: 100 },
    ]);
    const ys = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number).filter((_, i) => i % 2 === 1);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ys)).toBeLessThanOrEqual(100);
  });
});
