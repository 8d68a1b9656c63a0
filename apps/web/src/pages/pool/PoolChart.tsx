import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { monotonePath, nearestIndex, niceTicks, thinnedLabels } from './chartScale.ts';

/** The brand colour reads well on both themes; axes, grid and text take the theme's variables (pool.css). */
const COLOR = '#0f9d8a';
export const CHART_HEIGHT = 260;
/** Before the box is measured (and where nothing lays out, as in unit tests). */
const FALLBACK_WIDTH = 600;
const MARGIN = { top: 8, right: 20, bottom: 30 };
/** About the width of a character of the 12 px axis text, for fitting labels without measuring them. */
const CHAR_PX = 7;
const BAR_MAX = 36;

export interface ChartPoint {
  label: string;
  value: number;
}

export interface PoolChartProps {
  kind: 'area' | 'bars';
  points: readonly ChartPoint[];
  /** The series' name and a value's text (with its unit), as the tooltip shows them. */
  seriesName: string;
  valueText: (value: number) => string;
  /** What the chart shows, in words, for a screen reader. */
  summary: string;
  testId: string;
}

/**
 * A small SVG chart of our own (issue 20): an area through the hours or a bar per day, dashed
 * grid lines at nice values, thinned x labels and a tooltip for the nearest point. recharts drew
 * the same in ~660 ms on a throttled phone (its redux store, sync); this is a plain render.
 */
export function PoolChart({ kind, points, seriesName, valueText, summary, testId }: PoolChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<number | null>(null);
  const [byKeyboard, setByKeyboard] = useState(false);

  // The SVG is drawn at the card's width in pixels (a stretched viewBox would stretch its text
  // too), as the resize observer reports it: first right after the browser's own layout of the
  // frame, then on every resize. Reading the width in the commit instead made the browser lay
  // the whole freshly drawn dashboard out there and then (some 80 ms on a throttled phone).
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(box.clientWidth || FALLBACK_WIDTH);
      return;
    }
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0) || box.clientWidth || FALLBACK_WIDTH));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const ticks = niceTicks(Math.max(0, ...points.map((p) => p.value)));
  const top = ticks[ticks.length - 1] ?? 1;
  const tickTexts = ticks.map((tick) => String(tick));
  const left = Math.max(40, Math.max(...tickTexts.map((text) => text.length)) * CHAR_PX + 16);
  const plotWidth = Math.max(1, width - left - MARGIN.right);
  const plotHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const yOf = (value: number) => MARGIN.top + plotHeight * (1 - value / top);
  const n = points.length;
  // An area's points run edge to edge; a bar sits in the middle of its day's band.
  const step = kind === 'area' ? (n > 1 ? plotWidth / (n - 1) : 0) : plotWidth / Math.max(1, n);
  const xOf = (i: number) => (kind === 'area' ? left + (n > 1 ? i * step : plotWidth / 2) : left + step * (i + 0.5));
  const labelWidth = Math.max(...points.map((p) => p.label.length)) * CHAR_PX;
  const labelled = thinnedLabels(n, kind === 'area' ? plotWidth : plotWidth - step, labelWidth);

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    setByKeyboard(false);
    setActive(kind === 'area' ? nearestIndex(x, left, step, n) : nearestIndex(x, left + step / 2, step, n));
  };
  // The keyboard reads the same tooltip: focus shows the latest point, the arrows move by one,
  // Home and End go to the first and the last, Escape hides it; a screen reader hears each.
  const keyed = (event: KeyboardEvent<SVGSVGElement>) => {
    if (n === 0) return;
    const at = active ?? n - 1;
    const moves: Partial<Record<string, number | null>> = { ArrowLeft: Math.max(0, at - 1), ArrowRight: Math.min(n - 1, at + 1), Home: 0, End: n - 1, Escape: null };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setByKeyboard(true);
    setActive(next);
  };

  const activeX = active === null ? 0 : xOf(active);
  const flip = activeX > width / 2;
  return (
    <div ref={boxRef} className="pool-chart__box" data-testid={`${testId}-box`}>
      {width > 0 ? (
        <svg
          className="pool-chart__svg"
          width={width}
          height={CHART_HEIGHT}
          role="img"
          aria-label={summary}
          aria-keyshortcuts="ArrowLeft ArrowRight Home End Escape"
          tabIndex={n > 0 ? 0 : undefined}
          data-testid={`${testId}-svg`}
          onPointerMove={pick}
          onPointerDown={pick}
          onPointerLeave={() => setActive(null)}
          onFocus={() => {
            if (active !== null || n === 0) return;
            setByKeyboard(true);
            setActive(n - 1);
          }}
          onBlur={() => setActive(null)}
          onKeyDown={keyed}
        >
          {kind === 'area' ? (
            <defs>
              <linearGradient id={`${testId}-fill`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={COLOR} stopOpacity={0.35} />
                <stop offset="100%" stopColor={COLOR} stopOpacity={0.02} />
              </linearGradient>
            </defs>
          ) : null}
          <g className="pool-chart__grid">
            {ticks.map((tick) => (
              <line key={tick} x1={left} x2={left + plotWidth} y1={yOf(tick)} y2={yOf(tick)} strokeDasharray="3 3" />
            ))}
          </g>
          <g className="pool-chart__ticks" data-testid={`${testId}-yticks`}>
            {ticks.map((tick, i) => (
              <text key={tick} x={left - 8} y={yOf(tick)} dy="0.355em" textAnchor="end">
                {tickTexts[i]}
              </text>
            ))}
          </g>
          {active !== null && kind === 'bars' ? <rect className="pool-chart__cursor-band" x={activeX - step / 2} y={MARGIN.top} width={step} height={plotHeight} /> : null}
          {kind === 'area' ? (
            <AreaSeries points={points.map((p, i) => ({ x: xOf(i), y: yOf(p.value) }))} base={yOf(0)} fill={`url(#${testId}-fill)`} />
          ) : (
            <g className="pool-chart__bars" fill={COLOR}>
              {points.map((p, i) => (p.value > 0 ? <path key={i} d={barPath(xOf(i), Math.min(BAR_MAX, step * 0.8), yOf(p.value), yOf(0))} /> : null))}
            </g>
          )}
          <line className="pool-chart__axis" x1={left} x2={left + plotWidth} y1={yOf(0)} y2={yOf(0)} />
          <g className="pool-chart__ticks" data-testid={`${testId}-xlabels`}>
            {labelled.map((i) => {
              const label = points[i]?.label ?? '';
              return (
                <text key={i} x={clamp(xOf(i), (label.length * CHAR_PX) / 2, width - (label.length * CHAR_PX) / 2)} y={yOf(0) + 18} textAnchor="middle">
                  {label}
                </text>
              );
            })}
          </g>
          {active !== null && kind === 'area' ? (
            <g className="pool-chart__cursor">
              <line x1={activeX} x2={activeX} y1={MARGIN.top} y2={yOf(0)} />
              <circle cx={activeX} cy={yOf(points[active]?.value ?? 0)} r={4} fill={COLOR} />
            </g>
          ) : null}
        </svg>
      ) : null}
      {active !== null && width > 0 ? (
        <div
          className="pool-chart__tooltip"
          data-testid={`${testId}-tooltip`}
          aria-live={byKeyboard ? 'polite' : undefined}
          style={{ left: flip ? activeX - 12 : activeX + 12, transform: flip ? 'translateX(-100%)' : undefined }}
        >
          <div className="pool-chart__tooltip-label">{points[active]?.label}</div>
          <div>
            {seriesName} : {valueText(points[active]?.value ?? 0)}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function AreaSeries({ points, base, fill }: { points: { x: number; y: number }[]; base: number; fill: string }) {
  const line = monotonePath(points);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  return (
    <g className="pool-chart__area">
      <path d={`${line}L${last.x},${base}L${first.x},${base}Z`} fill={fill} stroke="none" />
      <path d={line} fill="none" stroke={COLOR} strokeWidth={2} />
    </g>
  );
}

/** A bar centred on `x`, from `base` up to `y`, its top corners rounded (4 px, less on a short bar). */
function barPath(x: number, width: number, y: number, base: number): string {
  const r = Math.min(4, width / 2, base - y);
  const [l, rt] = [x - width / 2, x + width / 2];
  return `M${l},${base}V${y + r}Q${l},${y} ${l + r},${y}H${rt - r}Q${rt},${y} ${rt},${y + r}V${base}Z`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
