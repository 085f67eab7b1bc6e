import fc from 'fast-check';
import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { belowThreshold, formatTable, judge, median, medianRow, needsRerun, perfNotes, summarise, THRESHOLDS, type Run, type Scores } from './lighthouse-report.ts';

const scores = (performance: number, rest: Partial<Scores> = {}): Scores => ({ performance, accessibility: 100, 'best-practices': 100, seo: 100, ...rest });
const run = (performance: number, extra: Partial<Run> = {}): Run => ({
  page: 'home',
  lang: 'en',
  formFactor: 'mobile',
  scores: scores(performance),
  lcpMs: 1000 + performance,
  tbtMs: 100,
  cls: 0,
  jsKb: 150,
  lost: [],
  perfNotes: [],
  report: `home-${performance}.html`,
  ...extra,
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones, in any order', () => {
    expect(median([97, 91, 93])).toBe(93);
    expect(median([90, 96])).toBe(93);
    expect(median([88])).toBe(88);
    expect(median([])).toBeNaN();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 9 }), (xs) => {
        const m = median(xs);
        // As many values at or under it as at or over it, and it lies between the extremes.
        expect(xs.filter((x) => x <= m).length).toBeGreaterThanOrEqual(xs.length / 2);
        expect(xs.filter((x) => x >= m).length).toBeGreaterThanOrEqual(xs.length / 2);
        expect(median([...xs].reverse())).toBe(m);
      }),
    );
  });
});

describe('thresholds', () => {
  it('are issue 20’s: performance 95, the rest 100', () => {
    expect(THRESHOLDS).toEqual({ performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 });
  });

  it('name each mobile category under its bar, and none at it', () => {
    expect(belowThreshold(run(95))).toEqual([]);
    expect(belowThreshold(run(94))).toEqual(['performance 94 < 95']);
    expect(belowThreshold(run(100, { scores: scores(100, { accessibility: 98, seo: 92 }) }))).toEqual(['accessibility 98 < 100', 'seo 92 < 100']);
  });

  it('do not apply to desktop rows', () => {
    expect(belowThreshold(run(40, { formFactor: 'desktop', scores: scores(40, { accessibility: 50 }) }))).toEqual([]);
  });

  it('rerun only a phone run whose performance is under the bar', () => {
    expect(needsRerun(run(94))).toBe(true);
    expect(needsRerun(run(95))).toBe(false);
    // Accessibility, best practices and SEO do not move between runs: no rerun for them.
    expect(needsRerun(run(100, { scores: scores(100, { accessibility: 90 }) }))).toBe(false);
    expect(needsRerun(run(50, { formFactor: 'desktop' }))).toBe(false);
  });
});

describe('medianRow', () => {
  it('takes each score’s median and the median run’s notes and report', () => {
    const row = medianRow([run(91, { lost: ['slow'] }), run(97), run(93, { lost: ['middle'], scores: scores(93, { accessibility: 98 }) })]);
    expect(row.perfRuns).toEqual([91, 97, 93]);
    expect(row.scores).toEqual(scores(93));
    expect(row.lost).toEqual(['middle']);
    expect(row.report).toBe('home-93.html');
    expect(row.lcpMs).toBe(1093);
    // One page under the bar once and over it twice passes; under it twice fails.
    expect(belowThreshold(medianRow([run(90), run(96), run(95)]))).toEqual([]);
    expect(belowThreshold(medianRow([run(90), run(96), run(94)]))).toEqual(['performance 94 < 95']);
  });

  it('keeps a single run as it is', () => {
    const only = run(96, { lost: ['x'] });
    expect(medianRow([only])).toEqual({ ...only, perfRuns: [96] });
    expect(() => medianRow([])).toThrow();
  });
});

describe('judge (--check, with --perf-floor)', () => {
  const rows = [
    medianRow([run(97)]),
    medianRow([run(88, { lang: 'zh-CN' }), run(93, { lang: 'zh-CN' }), run(91, { lang: 'zh-CN' })]),
    medianRow([run(84, { page: 'detail' }), run(80, { page: 'detail' }), run(86, { page: 'detail' })]),
    medianRow([run(99, { page: 'login', scores: scores(99, { accessibility: 96 }) })]),
    medianRow([run(40, { page: 'post', formFactor: 'desktop' })]),
  ];

  it('fails a phone row under the floor or under 100 elsewhere, and lists the rows between the floor and the bar', () => {
    expect(judge(rows, 85)).toEqual({
      failures: ['detail en: performance 84 < 85 (median of 84, 80, 86)', 'login en: accessibility 96 < 100'],
      underBar: ['home zh-CN: performance 91 < 95 (median of 88, 93, 91)'],
    });
  });

  it('without a floor, fails every phone row under the bar and lists none', () => {
    expect(judge(rows)).toEqual({
      failures: ['home zh-CN: performance 91 < 95 (median of 88, 93, 91)', 'detail en: performance 84 < 95 (median of 84, 80, 86)', 'login en: accessibility 96 < 100'],
      underBar: [],
    });
  });

  it('holds a row at the floor, lists it while the floor is under the bar, and never names a single run', () => {
    expect(judge([medianRow([run(90)])], 90)).toEqual({ failures: [], underBar: ['home en: performance 90 < 95'] });
    expect(judge([medianRow([run(89)])], 90)).toEqual({ failures: ['home en: performance 89 < 90'], underBar: [] });
    // Every row at or over the bar: nothing to say whatever the floor.
    expect(judge([medianRow([run(95)]), medianRow([run(100, { lang: 'zh-CN' })])], 85)).toEqual({ failures: [], underBar: [] });
  });
});

describe('formatTable', () => {
  it('prints one aligned line per row, with each run’s performance when there were several', () => {
    const table = formatTable([medianRow([run(100)]), medianRow([run(91, { page: 'detail', lang: 'zh-CN' }), run(97, { page: 'detail', lang: 'zh-CN' }), run(93, { page: 'detail', lang: 'zh-CN' })])]);
    expect(table.split('\n')).toEqual([
      'page    lang   form factor  perf  a11y  best pr.  SEO    LCP     TBT    CLS  JS KB  perf runs',
      '------  -----  -----------  ----  ----  --------  ---  -----  ------  -----  -----  ---------',
      'home    en     mobile        100   100       100  100  1.1 s  100 ms  0.000    150',
      'detail  zh-CN  mobile         93   100       100  100  1.1 s  100 ms  0.000    150  91 97 93',
    ]);
  });
});

describe('summarise', () => {
  // The parts of a Lighthouse 13 result the summary reads.
  const lhr = {
    categories: {
      performance: { score: 0.81, auditRefs: [{ id: 'total-blocking-time', weight: 30 }, { id: 'unused-javascript', weight: 0 }] },
      accessibility: { score: 0.96, auditRefs: [{ id: 'color-contrast', weight: 7 }, { id: 'label', weight: 7 }] },
      'best-practices': { score: 1, auditRefs: [] },
      seo: { score: 1, auditRefs: [] },
    },
    audits: {
      'network-requests': { details: { items: [{ resourceType: 'Script', transferSize: 2048 }, { resourceType: 'Document', transferSize: 9999 }, { resourceType: 'Script', transferSize: 1024 }] } },
      'largest-contentful-paint': { numericValue: 2300 },
      'total-blocking-time': { id: 'total-blocking-time', score: 0.55, displayValue: '540 ms', numericValue: 540 },
      'cumulative-layout-shift': { numericValue: 0 },
      'color-contrast': { id: 'color-contrast', score: 0 },
      label: { id: 'label', score: 1 },
      'unused-javascript': { id: 'unused-javascript', score: 0, displayValue: 'Est savings of 47 KiB', metricSavings: { FCP: 150, LCP: 150 } },
      'document-latency-insight': { id: 'document-latency-insight', score: 0, displayValue: 'Est savings of 1,700 ms', metricSavings: { FCP: 1700, LCP: 1700 } },
      'bootup-time': { id: 'bootup-time', score: 0, displayValue: '2.0 s', metricSavings: { TBT: 700 } },
      'server-response-time': { id: 'server-response-time', score: 0, displayValue: 'Root document took 1,800 ms', metricSavings: { FCP: 1700, LCP: 1700 } },
      'cache-insight': { id: 'cache-insight', score: 0.5, metricSavings: { FCP: 0, LCP: 0 } },
      'lcp-breakdown-insight': {
        id: 'lcp-breakdown-insight',
        details: {
          items: [
            { type: 'table', items: [{ subpart: 'timeToFirstByte', label: 'Time to first byte', duration: 1820.04 }, { subpart: 'elementRenderDelay', label: 'Element render delay', duration: 477.9 }] },
            { type: 'node', nodeLabel: 'Albatross Capital has offered online trading', snippet: '<p class="prose">' },
          ],
        },
      },
    },
  } as unknown as Result;

  it('reads the scores, the metrics, the scripts’ bytes and the weighted audits that lost points', () => {
    const r = summarise(lhr, 'detail', 'en', 'mobile', 'detail-en-mobile.html');
    expect(r.scores).toEqual({ performance: 81, accessibility: 96, 'best-practices': 100, seo: 100 });
    expect([r.lcpMs, r.tbtMs, r.cls, r.jsKb]).toEqual([2300, 540, 0, 3]);
    expect(r.lost).toEqual(['performance: total-blocking-time (540 ms)', 'accessibility: color-contrast (0)']);
  });

  it('names the LCP element and the savings Lighthouse estimates, largest first', () => {
    expect(perfNotes(lhr)).toEqual([
      'LCP element "Albatross Capital has offered online trading" (time to first byte 1820 ms, element render delay 478 ms)',
      'document-latency-insight Est savings of 1,700 ms (FCP 1700 ms, LCP 1700 ms)',
      'bootup-time 2.0 s (TBT 700 ms)',
      'unused-javascript Est savings of 47 KiB (FCP 150 ms, LCP 150 ms)',
    ]);
  });
});
