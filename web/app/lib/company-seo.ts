import type { CompanyDetail, RatingSummary } from '@brokerwise/api-contract';
import { absoluteUrl } from './seo';

/** schema.org Organization of the company, for search engines, with the rating of its approved reviews. */
export function organizationJsonLd(
  company: Pick<CompanyDetail, 'name' | 'nameEn' | 'nameZh' | 'aliases' | 'logo' | 'country' | 'contact' | 'founded'>,
  origin: string,
  pageUrl: string,
  rating?: Pick<RatingSummary, 'score' | 'count'> | null,
): Record<string, unknown> {
  const alternateName = [...new Set([company.nameEn, company.nameZh, ...company.aliases])].filter((n) => n && n !== company.name);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: company.contact.website ?? pageUrl,
    logo: absoluteUrl(origin, company.logo),
    address: { '@type': 'PostalAddress', addressCountry: company.country.Eglish || company.country.name },
  };
  if (alternateName.length) ld.alternateName = alternateName;
  if (company.contact.email) ld.email = company.contact.email;
  if (company.contact.phone) ld.telephone = company.contact.phone;
  if (company.founded) ld.foundingDate = String(company.founded);
  // Approved reviews only: the `rating` of GET /api/reviews/list counts nothing else. Never from
  // CompanyCard.reviewCount/score (the demo counts are not real, moderated reviews).
  if (rating && rating.count > 0) {
    ld.aggregateRating = { '@type': 'AggregateRating', ratingValue: rating.score, reviewCount: rating.count, bestRating: 5, worstRating: 1 };
  }
  return ld;
}

