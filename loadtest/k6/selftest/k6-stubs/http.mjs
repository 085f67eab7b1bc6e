// Stand-in for `k6/http`: a synchronous GET (as in k6), done by a short-lived child process.
import { execFileSync } from 'node:child_process';

export const requests = [];

const FETCH = `
const [url, headers] = process.argv.slice(1);
fetch(url, { headers: JSON.parse(headers) })
  .then(async (r) => process.stdout.write(JSON.stringify({ status: r.status, body: await r.text() })))
  .catch((e) => process.stdout.write(JSON.stringify({ status: 0, body: '', error: String(e) })));
`;

function get(url, params = {}) {
  const headers = params.headers ?? {};
  const out = JSON.parse(execFileSync(process.execPath, ['-e', FETCH, url, JSON.stringify(headers)], { encoding: 'utf8' }));
  requests.push({ url, headers, tags: params.tags ?? {}, status: out.status });
  return {
    status: out.status,
    body: out.body,
    json() {
      return JSON.parse(out.body);
    },
  };
}

export default { get };
