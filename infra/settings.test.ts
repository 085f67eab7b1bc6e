/**
 * Settings drift: every deployable, as docker-compose.yml and each k8s overlay start it, must get
 * every setting its own config schema requires in production (parsed with the process's parser,
 * APP_MODE=production) and every setting infra/settings.ts marks required; secrets must come from
 * brokerwise-secrets with keys that k8s/base/secret.template.yaml lists. A setting removed from
 * any of them, or one a schema starts requiring, fails here with the place it is missing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { parseS3Env } from '@brokerwise/storage';
import { DEPLOYABLES, SETTINGS, settingsOf, topologyEnv, type Deployable, type TopologyContext } from './settings.ts';

type Env = Record<string, string | undefined>;
type K8sObject = { kind: string; metadata: { name: string }; data?: Record<string, string>; stringData?: Record<string, string>; spec?: any };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problemsOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
};

// ---------------------------------------------------------------- compose
/** `${VAR:-default}` / `${VAR-default}` / `${VAR}` with nothing set, as compose does without a .env. */
const interpolate = (value: string): string => value.replace(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (_m, _name: string, def?: string) => def ?? '').replaceAll('$$', '$');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, { environment?: Record<string, unknown>; command?: string[] }> };
function composeEnv(d: Deployable): Env {
  const service = compose.services[d.compose];
  if (!service) throw new Error(`docker-compose.yml has no service ${d.compose}`);
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));
}

// ---------------------------------------------------------------- k8s
const template = parse(readFileSync(path.join(root, 'k8s/base/secret.template.yaml'), 'utf8')) as K8sObject;
const templateKeys = new Set(Object.keys(template.stringData ?? {}));
const overlays = readdirSync(path.join(root, 'k8s/overlays'));
const rendered = new Map<string, K8sObject[]>(
  overlays.map((o) => [
    o,
    parseAllDocuments(execFileSync('kubectl', ['kustomize', path.join(root, 'k8s/overlays', o)], { encoding: 'utf8', maxBuffer: 64 << 20 }))
      .map((doc) => doc.toJS() as K8sObject)
      .filter(Boolean),
  ]),
);

interface K8sEnv {
  env: Env;
  /** Setting name → the secret key it is read from (secretKeyRef), for settings read from the Secret. */
  secretKeys: Map<string, string>;
  problems: string[];
  args: string[];
}

function k8sEnv(objects: K8sObject[], d: Deployable): K8sEnv | undefined {
  const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === d.k8s);
  if (!deployment) return undefined;
  const container = (deployment.spec.template.spec.containers as any[]).find((c) => c.name === 'app');
  const env: Env = {};
  const secretKeys = new Map<string, string>();
  const problems: string[] = [];
  for (const from of container.envFrom ?? []) {
    const map = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === from.configMapRef?.name);
    if (!map) problems.push(`envFrom ${JSON.stringify(from)}: no such ConfigMap`);
    Object.assign(env, map?.data ?? {});
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) env[e.name] = String(e.value);
    const ref = e.valueFrom?.secretKeyRef;
    if (ref) {
      if (ref.name !== template.metadata.name) problems.push(`${e.name}: from Secret ${ref.name}, not ${template.metadata.name}`);
      if (!templateKeys.has(ref.key)) problems.push(`${e.name}: key ${ref.key} is missing from k8s/base/secret.template.yaml`);
      secretKeys.set(e.name, ref.key);
      // The template holds placeholders: stand in a valid value of the setting's shape.
      env[e.name] = SETTINGS.find((s) => s.name === e.name)?.sample() ?? 'x'.repeat(48);
    }
  }
  return { env, secretKeys, problems, args: container.args ?? [] };
}

// ---------------------------------------------------------------- the checks
/** Everything wrong with how a deployable is configured by one source (empty: fine). */
function check(d: Deployable, env: Env): string[] {
  const problems: string[] = [];
  const parsed = problemsOf(() => d.parse(env));
  if (parsed) problems.push(`its config refuses it: ${parsed}`);
  for (const s of settingsOf(d)) if (s.required && !env[s.name]) problems.push(`${s.name} is missing`);
  for (const [k, v] of Object.entries(d.fixed)) if (env[k] !== v) problems.push(`${k} must be ${v}, is ${env[k]}`);
  if (d.objects) {
    const s3 = problemsOf(() => {
      if (!parseS3Env(env)) throw new Error('S3_ENDPOINT is not set: files would go to the pod’s local disk');
    });
    if (s3) problems.push(s3);
  }
  return problems;
}

const sampleContext: TopologyContext = {
  port: (name) => DEPLOYABLES.findIndex((d) => d.name === name) + 40_000,
  metricsPort: (name) => DEPLOYABLES.findIndex((d) => d.name === name) + 41_000,
  databaseUrl: 'postgres://root@127.0.0.1:5432/bw_topology',
  natsUrl: 'nats://127.0.0.1:4222',
  redisUrl: 'redis://127.0.0.1:6379',
  natsNamespace: 'topo',
  s3: { endpoint: 'http://127.0.0.1:4569', accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: 'brokerwise-media', region: 'us-east-1' },
  smtpUrl: 'smtp://127.0.0.1:2525',
  secret: (name) => `${name}-topology-secret-0123456789abcdef0123456789`,
  dataDir: (name) => `/tmp/topology/${name}`,
  logLevel: 'warn',
  demo: true,
};

describe('settings drift (infra/settings.ts is the source of truth)', () => {
  it.each(DEPLOYABLES.map((d) => [d.name, d] as const))('%s: npm run topology gives it every setting it needs', (_name, d) => {
    const env = topologyEnv(d, sampleContext);
    expect(check(d, env)).toEqual([]);
    // A setting the schema itself requires in production (parsing fails without it) must be
    // listed as required, so compose and k8s are checked for it below.
    const schemaRequired = Object.keys(env).filter((k) => problemsOf(() => d.parse({ ...env, [k]: undefined })) !== undefined);
    const listedRequired = settingsOf(d)
      .filter((s) => s.required)
      .map((s) => s.name);
    expect(schemaRequired.filter((k) => !listedRequired.includes(k) && !(k in d.fixed))).toEqual([]);
  });

  it.each(DEPLOYABLES.map((d) => [d.name, d] as const))('%s: docker-compose.yml gives it every setting it needs', (_name, d) => {
    const env = composeEnv(d);
    expect(check(d, env)).toEqual([]);
    expect(compose.services[d.compose]!.command).toContain(d.entry);
  });

  for (const overlay of overlays) {
    it.each(DEPLOYABLES.filter((d) => !d.k8sOverlays || d.k8sOverlays.includes(overlay)).map((d) => [d.name, d] as const))(
      `%s: k8s overlay ${overlay} gives it every setting it needs, secrets from the Secret`,
      (_name, d) => {
        const found = k8sEnv(rendered.get(overlay)!, d);
        expect(found, `no Deployment ${d.k8s}`).toBeDefined();
        const { env, secretKeys, problems, args } = found!;
        for (const s of settingsOf(d).filter((x) => x.secret && env[x.name])) {
          const key = s.k8sKey?.(d) ?? s.name;
          if (secretKeys.get(s.name) !== key) problems.push(`${s.name} must come from secret key ${key} (secretKeyRef), not a ConfigMap or literal`);
        }
        expect([...problems, ...check(d, env)]).toEqual([]);
        expect(args).toContain(d.entry);
      },
    );

    it(`k8s overlay ${overlay}: every Deployment is a known deployable with startup, liveness and readiness probes on its real endpoints`, () => {
      const deployments = rendered.get(overlay)!.filter((o) => o.kind === 'Deployment');
      const problems: string[] = [];
      for (const dep of deployments) {
        if (!DEPLOYABLES.some((d) => d.k8s === dep.metadata.name)) problems.push(`${dep.metadata.name}: not in infra/settings.ts DEPLOYABLES`);
        for (const c of dep.spec.template.spec.containers as any[]) {
          const ports = new Set((c.ports ?? []).map((p: { name: string }) => p.name));
          for (const [probe, want] of [
            ['startupProbe', '/healthz'],
            ['livenessProbe', '/healthz'],
            ['readinessProbe', '/readyz'],
          ] as const) {
            const get = c[probe]?.httpGet;
            if (get?.path !== want) problems.push(`${dep.metadata.name}/${c.name}: ${probe} must GET ${want}, has ${JSON.stringify(c[probe])}`);
            else if (!ports.has(get.port)) problems.push(`${dep.metadata.name}/${c.name}: ${probe} port ${get.port} is not a container port`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('every secret setting is in the secret template under its key', () => {
    const missing = SETTINGS.filter((s) => s.secret).flatMap((s) =>
      DEPLOYABLES.filter((d) => s.for.includes(d.name) && d.k8sOverlays === undefined)
        .map((d) => s.k8sKey?.(d) ?? s.name)
        .filter((key) => !templateKeys.has(key)),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
