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

const BOX: ChartBox = { width: 640, height: 240, pad: { l: 72, r: 14, t: 12, b: 28 } };
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
  const bottom = BOX.height - BOX.pad.b;
  const baseY = y(withZero ? 0 : scale.min);
  const dateTicks = times.length > 2 ? [0, Math.floor((times.length - 1) / 2), times.length - 1] : times.map((_, i) => i);
  const rows = sample(
    times.map((time, i) => ({ time, i })),
    TABLE_ROWS,
  );
  const isoDate = (ms: number) => new Date(ms).toISOString();

  return (
    <figure className={`${classes.card} ${classes.chart}`} data-testid={testId}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} data-testid="trader-chart">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {scale.ticks.map((v) => (
          <g key={v}>
            <line x1={BOX.pad.l} x2={BOX.width - BOX.pad.r} y1={y(v)} y2={y(v)} className={classes.grid} />
            <text x={BOX.pad.l - 6} y={y(v) + 4} textAnchor="end" className={classes.axis}>
              {axisFormat(v)}
            </text>
          </g>
        ))}
        {dateTicks.map((i, k) => (
          <text
            key={i}
            x={x(times[i]!)}
            y={bottom + 18}
            textAnchor={k === 0 && dateTicks.length > 1 ? 'start' : k === dateTicks.length - 1 && dateTicks.length > 1 ? 'end' : 'middle'}
            className={classes.axis}
          >
            {f.date(isoDate(times[i]!))}
          </text>
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
      <table className="bw-visually-hidden">
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
              <th scope="row">{f.date(isoDate(time))}</th>
              {series.map((s) => (
                <td key={s.name}>{format(s.values[i]!)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
