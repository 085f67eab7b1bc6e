import type { ReactNode } from 'react';
import { data, redirect, useLoaderData } from 'react-router';
import type { CompanyDetail, CompanyPage, Licence, PagePart } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { CompanyComplaints } from '../components/complaints/CompanyComplaints';
import { CompanyFollowButton } from '../components/licences/CompanyFollowButton';
import { LicenceTimelines } from '../components/licences/LicenceTimeline';
import { MapPinIcon, ShieldCheckIcon } from '../components/icons';
import { Picture } from '../components/Picture';
import { Score } from '../components/Score';
import { ReviewsSection } from '../components/reviews/ReviewsSection';
import { SiteLink } from '../components/SiteLink';
import { RouteErrorContent } from '../components/StatusPage';
import { type ApiFailure, failureStatus, fromPart, partOf, settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { countryName } from '../lib/format';
import type { Locale } from '../lib/locale';
import { missingPageMeta, pageMeta, rootDataFrom } from '../lib/meta';
import { organizationJsonLd } from '../lib/company-seo';
import { commentHref, reviewPage } from '../lib/reviews';
import { useT } from '../lib/use-t';
import type { Route } from './+types/detail';
import classes from './detail.module.css';

type Loaded = { ok: true; company: CompanyDetail } | { ok: false; error: ApiFailure };

/** Answers that mean "no such company": the page is then a real 404, not an error notice. */
function isNotFound(failure: ApiFailure): boolean {
  return failure.status === 404 || failure.status === 400;
}

/**
 * /detail?id=<slug>&page=: everything spec §3 lists for a company, rendered on the server, with
 * its reviews (page `page`) and the visitor's own review (the session cookie is forwarded).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get('id')?.trim() ?? '';
  if (!id || id.length > 200) throw data(null, { status: 404 });
  const page = reviewPage(params.get('page'));
  const { locale, api } = pageApi(request, context);
  // One call for the page's data (ADR 036): each part as its own operation answers it for this
  // visitor (the session cookie is forwarded), and fails alone: the page shows without the
  // register, the complaints or the replies.
  const answer = await settle(api.op(ops.companyPage, { id, page }));
  const company = partOf(answer, (d) => d.company);
  if (!company.ok && isNotFound(company.error)) throw data(null, { status: 404 });
  const loaded: Loaded = company.ok ? { ok: true, company: company.data } : { ok: false, error: company.error };
  // A merged duplicate answers with the company it was merged into: old links move there for good.
  if (loaded.ok && loaded.company.id !== id) {
    const to = new URLSearchParams({ id: loaded.company.id, ...(page > 1 ? { page: String(page) } : {}) });
    throw redirect(`/detail?${to}`, 301);
  }
  const reviews = partOf(answer, (d) => d.reviews);
  // Parts only some answers carry: whether the visitor follows the company (asked only with a
  // session), and the company's verified replies to the reviews shown and its figures (ADR 030).
  const optional = <T,>(pick: (d: CompanyPage) => PagePart<T> | undefined): Settled<T> | null => {
    const found = answer.ok ? pick(answer.data) : undefined;
    return found ? fromPart(found) : null;
  };
  const follow = optional((d) => d.follow);
  const following = !!follow?.ok && follow.data.following;
  const repliesPart = optional((d) => d.replies);
  const replies = repliesPart?.ok ? repliesPart.data : null;
  // Complaint cases against the company and its figures (ADR 031).
  const [complaintFigures, complaintList] = [partOf(answer, (d) => d.complaintFigures), partOf(answer, (d) => d.complaints)];
  const complaints = complaintFigures.ok && complaintList.ok ? { figures: complaintFigures.data.figures, list: complaintList.data.list.slice(0, 5), total: complaintList.data.total } : null;
  // The register's history.
  const licences = partOf(answer, (d) => d.licences);
  const register = licences.ok ? licences.data.licences : null;
  return data({ locale, id, page, loaded, reviews, register, following, replies, complaints }, { status: failureStatus(loaded.ok ? undefined : loaded.error) });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const company = loaderData?.loaded.ok ? loaderData.loaded.company : null;
  if (!company) {
    return missingPageMeta({ matches, location }, !loaderData, 'detail.page.unavailable');
  }
  const origin = rootDataFrom(matches)?.origin ?? '';
  return pageMeta({
    matches,
    location,
    title: { id: 'detail.page.metaTitle', values: { name: company.name } },
    description: company.description || { id: 'detail.page.metaDescription', values: { name: company.name } },
    canonicalParams: (loaderData?.page ?? 1) > 1 ? ['id', 'page'] : ['id'],
    image: company.logo,
    jsonLd: organizationJsonLd(
      company,
      origin,
      `${origin}/detail?${new URLSearchParams({ id: company.id })}`,
      loaderData?.reviews.ok ? loaderData.reviews.data.rating : null,
    ),
  });
};

export default function Detail() {
  const t = useT();
  const { locale, loaded, reviews, register, following, replies, complaints } = useLoaderData<typeof loader>();
  if (!loaded.ok) {
    return (
      <div className="bw-container">
        <div className={classes.unavailable}>
          <h1 className={classes.unavailableTitle}>{t('detail.page.unavailable')}</h1>
          <ErrorNotice error={loaded.error} />
        </div>
      </div>
    );
  }
  const company = loaded.company;
  return (
    <div className="bw-container" data-testid="company-detail">
      <CompanyHeader company={company} locale={locale} following={following} />
      <div className={classes.layout}>
        <div className={classes.main}>
          <Section id="about" title={t('detail.about.title', { name: company.name })}>
            {company.about ? (
              company.about.split(/\n{2,}/).map((p, i) => (
                <p key={i} className={classes.prose}>
                  {p}
                </p>
              ))
            ) : (
              <Empty />
            )}
          </Section>
          <Section id="services" title={t('detail.services.title')}>
            <Chips items={company.services} />
          </Section>
          <Section id="assets" title={t('detail.assets.title')}>
            <Chips items={company.assetTypes} />
          </Section>
          <Section id="licences" title={t('detail.licences.title')}>
            <Licences licences={company.licences} />
            {register && <LicenceTimelines licences={register} />}
          </Section>
          <Section id="reviews" title={t('detail.reviews.title')}>
            <ReviewsSection companyId={company.id} companyName={company.name} reviews={reviews} replies={replies} />
          </Section>
          <Section id="complaints" title={t('complaints.detail.title')}>
            <CompanyComplaints slug={company.id} complaints={complaints} />
          </Section>
        </div>
        <aside className={classes.aside} aria-label={t('detail.facts.title')}>
          <Section id="leverage" title={t('detail.leverage.title')} small>
            <p className={classes.fact}>{company.maxLeverage ?? t('detail.leverage.none')}</p>
          </Section>
          <Section id="platforms" title={t('detail.platforms.title')} small>
            <Chips items={company.platforms} />
          </Section>
          <Section id="payments" title={t('detail.payments.title')} small>
            <Chips items={company.paymentMethods} />
          </Section>
          <Section id="currencies" title={t('detail.currencies.title')} small>
            <Chips items={company.currencies} />
          </Section>
          <Section id="contact" title={t('detail.contact.title')} small>
            <Contact contact={company.contact} />
          </Section>
          <Section id="aliases" title={t('detail.aliases.title')} small>
            <Chips items={company.aliases} />
          </Section>
        </aside>
      </div>
    </div>
  );
}

function CompanyHeader({ company, locale, following }: { company: CompanyDetail; locale: Locale; following: boolean }) {
  const t = useT();
  const [primary, secondary, secondaryLang] =
    locale === 'zh-CN' ? [company.nameZh || company.name, company.nameEn, 'en'] : [company.nameEn || company.name, company.nameZh, 'zh-CN'];
  return (
    <header className={classes.header}>
      <div className={classes.logoBox}>
        <Picture sources={company.logoSrcset} sizes="96px" src={company.logo} alt={t('detail.header.logo', { name: company.name })} width={96} height={96} />
      </div>
      <div className={classes.identity}>
        <h1 className={classes.name}>{primary}</h1>
        {secondary && secondary !== primary && (
          <p className={classes.altName} lang={secondaryLang}>
            {secondary}
          </p>
        )}
        <div className={classes.tags}>
          <span className={classes.category}>{company.category.name}</span>
          <span className={classes.tag}>
            <MapPinIcon />
            {countryName(company.country, locale)}
          </span>
          {company.regulated ? (
            <span className={classes.regulated} data-testid="regulated-badge">
              <ShieldCheckIcon />
              {t('company.card.regulated')}
            </span>
          ) : (
            <span className={classes.unregulated}>{t('detail.header.unregulated')}</span>
          )}
          {company.founded && <span className={classes.tag}>{t('detail.header.founded', { year: company.founded })}</span>}
        </div>
        <div className={classes.scoreLine} data-testid="detail-score">
          <Score score={company.score} reviewCount={company.reviewCount} />
        </div>
      </div>
      <div className={classes.actions}>
        {company.openAccountUrl && (
          <a href={company.openAccountUrl} target="_blank" rel="noopener nofollow sponsored" className={classes.primaryButton} data-testid="open-account">
            {t('detail.header.openAccount')}
            <span className="bw-visually-hidden"> {t('detail.header.newTab')}</span>
          </a>
        )}
        <SiteLink to={commentHref(company.id)} className={classes.secondaryButton} data-testid="rate-link">
          {t('detail.header.rate')}
        </SiteLink>
        <CompanyFollowButton companyId={company.id} following={following} />
      </div>
    </header>
  );
}

function Section({ id, title, small, children }: { id: string; title: string; small?: boolean; children: ReactNode }) {
  return (
    <section className={classes.section} data-small={small ? '' : undefined} aria-labelledby={`detail-${id}`} data-testid={`detail-${id}`}>
      <h2 id={`detail-${id}`} className={classes.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty() {
  return <p className={classes.empty}>{useT()('detail.section.empty')}</p>;
}

function Chips({ items }: { items: string[] }) {
  if (items.length === 0) return <Empty />;
  return (
    <ul className={classes.chips}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const STATUS_MESSAGE: Record<Licence['status'], string> = {
  regulated: 'detail.status.regulated',
  offshore: 'detail.status.offshore',
  revoked: 'detail.status.revoked',
  exceeded: 'detail.status.exceeded',
  suspended: 'detail.status.suspended',
  expired: 'detail.status.expired',
};

function Licences({ licences }: { licences: Licence[] }) {
  const t = useT();
  if (licences.length === 0) return <p className={classes.empty}>{t('detail.licences.empty')}</p>;
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table} data-testid="licences-table">
        <thead>
          <tr>
            <th scope="col">{t('detail.licences.regulator')}</th>
            <th scope="col">{t('detail.licences.country')}</th>
            <th scope="col">{t('detail.licences.number')}</th>
            <th scope="col">{t('detail.licences.entity')}</th>
            <th scope="col">{t('detail.licences.status')}</th>
            <th scope="col">{t('detail.licences.register')}</th>
          </tr>
        </thead>
        <tbody>
          {licences.map((l) => (
            <tr key={`${l.regulator}-${l.licenceNo}`}>
              {/* data-label: the column's name, shown beside each value where the rows stack (phones). */}
              <th scope="row" data-label={t('detail.licences.regulator')}>
                {l.regulator}
              </th>
              <td data-label={t('detail.licences.country')}>{l.regulatorCountry}</td>
              <td className={classes.mono} data-label={t('detail.licences.number')}>
                {l.licenceNo}
              </td>
              <td data-label={t('detail.licences.entity')}>{l.entity}</td>
              <td data-label={t('detail.licences.status')}>
                <span className={classes.status} data-status={l.status}>
                  {t(STATUS_MESSAGE[l.status] ?? 'detail.status.regulated')}
                </span>
              </td>
              <td data-label={t('detail.licences.register')}>
                {l.registerUrl ? (
                  <a href={l.registerUrl} target="_blank" rel="noopener nofollow">
                    {t('detail.licences.view', { regulator: l.regulator })}
                    <span className="bw-visually-hidden"> {t('detail.header.newTab')}</span>
                  </a>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Contact({ contact }: { contact: CompanyDetail['contact'] }) {
  const t = useT();
  const rows: [string, ReactNode][] = [];
  if (contact.website)
    rows.push([
      t('detail.contact.website'),
      <a href={contact.website} target="_blank" rel="noopener nofollow">
        {contact.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
      </a>,
    ]);
  if (contact.email) rows.push([t('detail.contact.email'), <a href={`mailto:${contact.email}`}>{contact.email}</a>]);
  if (contact.phone) rows.push([t('detail.contact.phone'), <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>]);
  if (contact.address) rows.push([t('detail.contact.address'), contact.address]);
  if (rows.length === 0) return <Empty />;
  return (
    <dl className={classes.contact}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
