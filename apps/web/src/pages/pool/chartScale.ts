/**
 * The arithmetic of the pool pages' charts (PoolChart.tsx): the y-axis ticks, which x labels
 * fit, and the area's curve. Plain functions, no DOM.
 */

const NICE_STEPS = [1, 2, 2.5, 5, 10];

/**
 * Ticks from 0 to at least `max` at a "nice" step (1, 2, 2.5 or 5 × 10^n), about `count` of
 * them: 0.37 → 0, 0.1, 0.2, 0.3, 0.4.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = (NICE_STEPS.find((s) => s * power >= rough * (1 - 1e-9)) ?? 10) * power;
  const last = Math.ceil(max / step - 1e-9);
  // Rounded to the step's precision so that 0.1 × 3 reads 0.3, not 0.30000000000000004.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Array.from({ length: last + 1 }, (_, i) => Number((i * step).toFixed(digits)));
}

/**
 * The indexes of the x labels to show when `count` labels, each about `labelWidth` px wide, share
 * `width` px: every k-th, counted back from the last (the latest hour or day is always named), so
 * that two shown labels keep at least `gap` px between them (enough for the first and last, held
 * inside the chart's edges, to keep clear of their neighbours).
 */
export function thinnedLabels(count: number, width: number, labelWidth: number, gap = 24): number[] {
  if (count <= 0) return [];
  const slot = count > 1 ? width / (count - 1) : width;
  const every = Math.max(1, Math.ceil((labelWidth + gap) / Math.max(slot, 1e-6)));
  const shown: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) shown.unshift(i);
  return shown;
}

export interface XY {
  x: number;
  y: number;
}

/**
 * An SVG path through the points as a monotone cubic curve (Fritsch–Carlson, as d3's
 * curveMonotoneX): smooth, and never above or below its neighbours where the data is not.
 */
export function monotonePath(points: readonly XY[]): string {
  const [first] = points;
  if (!first) return '';
  const n = points.length;
  const f = (v: number) => String(Math.round(v * 100) / 100);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const at = (values: readonly number[], i: number) => values[i] ?? 0;
  if (n === 1) return `M${f(first.x)},${f(first.y)}`;
  const slopes = xs.slice(1).map((x, i) => {
    const dx = x - at(xs, i);
    return dx === 0 ? 0 : (at(ys, i + 1) - at(ys, i)) / dx;
  });
  // d3's tangent: the smaller of the neighbouring slopes and half their weighted mean, zero at
  // a peak or a valley (so the curve does not overshoot a zero hour into negative values).
  const tangents = xs.map((x, i) => {
    if (i === 0) return at(slopes, 0);
    if (i === n - 1) return at(slopes, n - 2);
    const [a, b] = [at(slopes, i - 1), at(slopes, i)];
    const [h0, h1] = [x - at(xs, i - 1), at(xs, i + 1) - x];
    const mean = (a * h1 + b * h0) / (h0 + h1);
    return (Math.sign(a) + Math.sign(b)) * Math.min(Math.abs(a), Math.abs(b), 0.5 * Math.abs(mean)) || 0;
  });
  let d = `M${f(first.x)},${f(first.y)}`;
  for (let i = 0; i < n - 1; i++) {
    const [px, py, qx, qy] = [at(xs, i), at(ys, i), at(xs, i + 1), at(ys, i + 1)];
    const third = (qx - px) / 3;
    d += `C${f(px + third)},${f(py + third * at(tangents, i))},${f(qx - third)},${f(qy - third * at(tangents, i + 1))},${f(qx)},${f(qy)}`;
  }
  return d;
}

/** The index of the point nearest to `x` when `count` points are spaced evenly from `left` by `step`. */
export function nearestIndex(x: number, left: number, step: number, count: number): number {
  if (count <= 1 || step <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round((x - left) / step)));
}
