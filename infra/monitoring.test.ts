/**
 * The alerting and dashboard of k8s/components/monitoring: every PromQL expression parses (the
 * Prometheus project's own grammar, @prometheus-io/lezer-promql), names only metrics this project
 * defines or Node/prom-client exports, every alert links to a runbook heading that exists in
 * docs/operations.md, and the Grafana dashboard is valid JSON whose every panel query parses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parser } from '@prometheus-io/lezer-promql';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { collectProcessMetrics, registry, webRenderDuration } from '@brokerwise/metrics';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'k8s/components/monitoring');

interface Rule {
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules = (parse(readFileSync(path.join(dir, 'prometheus-rules.yaml'), 'utf8')) as { spec: { groups: { name: string; rules: Rule[] }[] } }).spec.groups.flatMap((g) => g.rules);
const dashboard = JSON.parse(readFileSync(path.join(dir, 'dashboards/brokerwise.json'), 'utf8')) as { uid: string; title: string; panels: { title: string; targets: { expr: string }[] }[] };

/** Syntax errors of a PromQL expression (the grammar's error nodes), empty when it parses. */
function promqlProblems(expr: string): string[] {
  const problems: string[] = [];
  parser.parse(expr).iterate({
    enter: (node) => {
      if (node.type.isError) problems.push(`syntax error at ${node.from}: "${expr.slice(Math.max(0, node.from - 10), node.to + 10)}"`);
    },
  });
  return problems;
}

/** Metric names an expression selects (identifiers in vector selectors). */
function metricNames(expr: string): string[] {
  const names: string[] = [];
  const tree = parser.parse(expr);
  tree.iterate({
    enter: (node) => {
      if (node.name === 'VectorSelector') {
        const id = node.node.getChild('Identifier');
        if (id) names.push(expr.slice(id.from, id.to));
      }
    },
  });
  return names;
}

// What this project's processes export: the shared registry's metrics (histograms add _bucket, _sum, _count) and Node's defaults.
collectProcessMetrics();
webRenderDuration();
const known = new Set(registry.getMetricsAsArray().flatMap((m) => [m.name, `${m.name}_bucket`, `${m.name}_sum`, `${m.name}_count`]));

const headings = (() => {
  const slugger = new GithubSlugger();
  return new Set(
    readFileSync(path.join(root, 'docs/operations.md'), 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slugger.slug(line.replace(/^#+ /, '').trim())),
  );
})();

describe('k8s/components/monitoring', () => {
  it('ships alerts for 5xx rate, p99 latency, outbox age, consumer lag, dead letters, trader sync staleness and picture sizes', () => {
    const exprs = rules.filter((r) => r.alert).map((r) => r.expr);
    const metrics = ['http_requests_total', 'http_request_duration_seconds_bucket', 'outbox_oldest_event_age_seconds', 'event_consumer_pending', 'event_dead_letters', 'trader_sync_oldest_due_age_seconds'];
    for (const metric of [...metrics, 'image_variant_queue_length', 'image_variant_jobs_total']) {
      expect(exprs.some((e) => metricNames(e).includes(metric)), metric).toBe(true);
    }
  });

  it.each(rules.map((r) => [r.alert ?? '(recording rule)', r] as const))('%s: its expression parses and names known metrics', (_name, rule) => {
    expect(promqlProblems(rule.expr)).toEqual([]);
    expect(metricNames(rule.expr).filter((m) => !known.has(m))).toEqual([]);
    if (rule.alert) {
      expect(rule.labels?.severity).toMatch(/^(critical|warning|info)$/);
      expect(rule.annotations?.summary).toBeTruthy();
    }
  });

  it.each(rules.filter((r) => r.alert).map((r) => [r.alert!, r] as const))('%s: runbook_url points at a heading of docs/operations.md', (_name, rule) => {
    const url = rule.annotations?.runbook_url ?? '';
    const [file, anchor] = url.split('#');
    expect(file).toMatch(/docs\/operations\.md$/);
    expect(anchor, url).toBeTruthy();
    expect(headings.has(anchor!), `no heading with anchor #${anchor} in docs/operations.md`).toBe(true);
  });

  it('the dashboard is valid JSON with a uid, and every panel query parses and names known metrics', () => {
    expect(dashboard.uid).toBeTruthy();
    expect(dashboard.panels.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const panel of dashboard.panels) {
      if (panel.targets.length === 0) problems.push(`${panel.title}: no query`);
      for (const t of panel.targets) {
        for (const p of promqlProblems(t.expr)) problems.push(`${panel.title}: ${p}`);
        for (const m of metricNames(t.expr).filter((x) => !known.has(x))) problems.push(`${panel.title}: unknown metric ${m}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the parser check itself catches a broken expression', () => {
    expect(promqlProblems('sum by (service) (rate(http_requests_total[5m])')).not.toEqual([]);
    expect(promqlProblems('sum by (service) (rate(http_requests_total[5m]))')).toEqual([]);
  });
});
