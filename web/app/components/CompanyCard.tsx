import type { CompanyCard as Company } from '@brokerwise/api-contract';
import { countryName } from '../lib/format';
import type { Locale } from '../lib/locale';
import { useT } from '../lib/use-t';
import { MapPinIcon, ShieldCheckIcon } from './icons';
import { Picture } from './Picture';
import { Score } from './Score';
import { SiteLink } from './SiteLink';
import classes from './CompanyCard.module.css';

export function companyHref(id: string): `/detail?${string}` {
  return `/detail?${new URLSearchParams({ id })}`;
}

/** "Regulated", with its shield: a company holding a licence (cards, rankings). */
export function RegulatedBadge() {
  const t = useT();
  return (
    <span className={classes.regulated}>
      <ShieldCheckIcon />
      {t('company.card.regulated')}
    </span>
  );
}

/** A company in a grid (home) or as a row with its description (search, listings). */
export function CompanyCard({ company, locale, variant = 'tile' }: { company: Company; locale: Locale; variant?: 'tile' | 'row' }) {
  return (
    <article className={classes.card} data-variant={variant} data-testid="company-card">
      <SiteLink to={companyHref(company.id)} className={classes.link}>
        <div className={classes.head}>
        <div className={classes.logoBox}>
          <Picture sources={company.logoSrcset} sizes="64px" src={company.logo} alt="" width={64} height={64} loading="lazy" decoding="async" />
        </div>
        <div className={classes.body}>
          <h3 className={classes.name}>{company.name}</h3>
          <div className={classes.meta}>
            <span className={classes.category}>{company.category.name}</span>
            <span className={classes.country} data-testid="company-country">
              <MapPinIcon />
              {countryName(company.country, locale)}
            </span>
            {company.regulated && <RegulatedBadge />}
          </div>
          {variant === 'row' && company.description && <p className={classes.description}>{company.description}</p>}
        </div>
        </div>
        <Score score={company.score} reviewCount={company.reviewCount} />
      </SiteLink>
    </article>
  );
}
