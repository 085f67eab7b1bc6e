import { data, Link, useLoaderData } from 'react-router';
import { RouteErrorContent } from '../components/StatusPage';
import { gatewayHeaders } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { useT } from '../lib/use-t';
import type { Route } from './+types/open-data';
import classes from '../components/trader/Trader.module.css';
import own from './open-data.module.css';

/** What `npm run open-data -- --publish` leaves as open-data/latest.json (scripts/open-data.ts). */
interface Manifest {
  date: string;
  licence: string;
  prefix: string;
  rows: Record<string, number>;
  files: { name: string; bytes: number; sha256: string }[];
}

/** The latest published export, read through the gateway's /media like any public file; none yet is not an error. */
export async function loader({ context }: Route.LoaderArgs) {
  let manifest: Manifest | null = null;
  try {
    const res = await fetch(`${context.gatewayUrl}/media/open-data/latest.json`, { headers: gatewayHeaders(context), signal: AbortSignal.timeout(5000) });
    if (res.ok) manifest = (await res.json()) as Manifest;
  } catch {
    manifest = null;
  }
  return data({ manifest }, { headers: { 'cache-control': 'public, max-age=300' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'openData.page.title' }, description: { id: 'openData.page.intro' } });

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1_048_576 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`);

/** /open-data: the daily export (CC BY 4.0) with checksums, and how to reproduce the rankings from it. */
export default function OpenData() {
  const t = useT();
  const { manifest } = useLoaderData<typeof loader>();
  return (
    <div className={`bw-container ${classes.page}`}>
      <h1 className={classes.title}>{t('openData.page.title')}</h1>
      <div className={classes.stack}>
        <section className={classes.card}>
          <p>{t('openData.page.intro')}</p>
          <p className={classes.small}>
            {t('openData.page.reproduce')}{' '}
            <Link to="/developers" className={classes.link}>
              {t('openData.page.api')}
            </Link>
          </p>
        </section>
        {!manifest ? (
          <p className={classes.card} data-testid="open-data-none">
            {t('openData.page.none')}
          </p>
        ) : (
          <section className={classes.card} aria-labelledby="open-data-latest" data-testid="open-data-latest">
            <h2 id="open-data-latest" className={classes.sectionTitle}>
              {t('openData.page.latest', { date: manifest.date })}
            </h2>
            <div className={classes.tableWrap}>
              <table className={classes.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('openData.page.file')}</th>
                    <th scope="col">{t('openData.page.size')}</th>
                    <th scope="col">SHA-256</th>
                  </tr>
                </thead>
                <tbody>
                  {manifest.files.map((f) => (
                    <tr key={f.name}>
                      <td>
                        <a href={`/media/${manifest.prefix}${f.name}`} className={classes.link} download>
                          {f.name}
                        </a>
                      </td>
                      <td>{size(f.bytes)}</td>
                      <td>
                        <code className={own.hash}>{f.sha256}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className={classes.small}>
              <a href={`/media/${manifest.prefix}SHA256SUMS`} className={classes.link}>
                SHA256SUMS
              </a>{' '}
              · {t('openData.page.licence')}
            </p>
          </section>
        )}
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
