import type { S3StoreOptions } from './s3.ts';

/**
 * S3 settings from the environment, for the process's config schema: undefined when
 * `S3_ENDPOINT` is unset; throws naming every missing or bad variable when it is set.
 */
export function parseS3Env(env: Readonly<Record<string, string | undefined>>): S3StoreOptions | undefined {
  const endpoint = env.S3_ENDPOINT;
  if (!endpoint) return undefined;
  const problems: string[] = [];
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push(`S3_ENDPOINT must be an http(s) URL, got ${url.protocol}`);
    } else if (url.pathname !== '/' || url.search || url.username) {
      problems.push('S3_ENDPOINT must be scheme://host[:port] only (no path, query or credentials)');
    }
  } catch {
    problems.push(`S3_ENDPOINT is not a URL: ${endpoint}`);
  }
  for (const name of ['S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET'] as const) {
    if (!env[name]) problems.push(`${name} is required when S3_ENDPOINT is set`);
  }
  if (problems.length > 0 || !url) throw new Error(`invalid S3 settings: ${problems.join('; ')}`);
  const useSSL = url.protocol === 'https:';
  return {
    // URL keeps IPv6 brackets in hostname; minio wants the bare address.
    endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: env.S3_ACCESS_KEY ?? '',
    secretKey: env.S3_SECRET_KEY ?? '',
    bucket: env.S3_BUCKET ?? '',
    ...(env.S3_REGION && { region: env.S3_REGION }),
  };
}
