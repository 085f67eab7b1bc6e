import { useId } from 'react';
import { areaPath, linePath, projector, sample, valueScale, type ChartBox } from '../../lib/trader';
import { useT } from '../../lib/use-t';
import { useTraderFormat } from './format';
import classes from './Trader.module.css';

export interface ChartSeries {
  name: string;
  color: string;
  values: readonly number[];
}

/**
 * The plot only: the axis labels are HTML beside it, sized in CSS pixels, because text inside a
 * viewBox shrinks with the chart (6 px on a phone).
 */
const BOX: ChartBox = { width: 640, height: 220, pad: { l: 2, r: 2, t: 10, b: 4 } };
const pct = (value: number, of: number) => `${((value / of) * 100).toFixed(2)}%`;
/** Rows of the data table under a chart (screen readers, no-CSS readers). */
const TABLE_ROWS = 24;

/**
 * A line chart drawn on the server as inline SVG (no script, no chart library): round value ticks,
 * the first, middle and last dates, one polyline per series (the first one filled down to the
 * baseline when `area`). Accessible: the SVG is an image with a title and a description, and the
 * same numbers follow in a visually hidden table.
 */
export function LineChart({
  title,
  description,
  times,
  series,
  format,
  axisFormat = format,
  withZero = false,
  area = false,
  dateFormat,
  testId,
}: {
  title: string;
  description: string;
  /** Milliseconds, one per value. */
  times: readonly number[];
  series: ChartSeries[];
  format: (v: number) => string;
  /** Tick labels (shorter than the table's numbers). */
  axisFormat?: (v: number) => string;
  withZero?: boolean;
  area?: boolean;
  /** How a time is written (axis and table); the date by default (monthly figures show the month). */
  dateFormat?: (iso: string) => string;
  testId?: string;
}) {
  const t = useT();
  const f = useTraderFormat();
  const id = useId();
  const scale = valueScale(
    series.flatMap((s) => s.values),
    { withZero },
  );
  const { x, y } = projector(BOX, times, scale);
  const baseY = y(withZero ? 0 : scale.min);
  const dateTicks = times.length > 2 ? [0, Math.floor((times.length - 1) / 2), times.length - 1] : times.map((_, i) => i);
  const rows = sample(
    times.map((time, i) => ({ time, i })),
    TABLE_ROWS,
  );
  const isoDate = (ms: number) => new Date(ms).toISOString();
  const when = dateFormat ?? f.date;

  return (
    <figure className={`${classes.card} ${classes.chart}`} data-testid={testId}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      <div className={classes.plot}>
        <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} data-testid="trader-chart">
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {scale.ticks.map((v) => (
            <line key={v} x1={BOX.pad.l} x2={BOX.width - BOX.pad.r} y1={y(v)} y2={y(v)} className={classes.grid} vectorEffect="non-scaling-stroke" />
          ))}
          {series.map((s, k) => {
            const points = s.values.map((v, i) => ({ x: x(times[i]!), y: y(v) }));
            return (
              <g key={s.name}>
                {area && k === 0 && <path d={areaPath(points, baseY)} fill={s.color} fillOpacity={0.15} stroke="none" />}
                <path d={linePath(points)} fill="none" stroke={s.color} strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
              </g>
            );
          })}
        </svg>
        {/* Placed in percent of the plot, so they stay beside their lines at any width; the table below has the numbers for screen readers. */}
        <div aria-hidden="true">
          {scale.ticks.map((v) => (
            <span key={v} className={`${classes.axis} ${classes.axisY}`} style={{ top: pct(y(v), BOX.height) }} data-testid="trader-chart-label">
              {axisFormat(v)}
            </span>
          ))}
          {dateTicks.map((i, k) => (
            <span
              key={i}
              className={`${classes.axis} ${classes.axisX}`}
              style={{ left: pct(x(times[i]!), BOX.width) }}
              data-align={k === 0 && dateTicks.length > 1 ? 'start' : k === dateTicks.length - 1 && dateTicks.length > 1 ? 'end' : 'middle'}
              data-testid="trader-chart-label"
            >
              {when(isoDate(times[i]!))}
            </span>
          ))}
        </div>
      </div>
      {series.length > 1 && (
        <ul className={classes.legend} aria-hidden="true">
          {series.map((s) => (
            <li key={s.name}>
              <span className={classes.swatch} style={{ background: s.color }} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      {/* Hidden by a wrapper: a table won't shrink to the 1 px box itself and would widen a phone's page. */}
      <div className="bw-visually-hidden">
        <table>
          <caption>{t('trader.chart.tableCaption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trader.chart.date')}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ time, i }) => (
              <tr key={i}>
                <th scope="row">{when(isoDate(time))}</th>
                {series.map((s) => (
                  <td key={s.name}>{format(s.values[i]!)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
