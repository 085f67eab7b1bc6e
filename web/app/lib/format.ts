import type { Country } from '@brokerwise/api-contract';
import type { Locale } from './locale';

/** Spec §3: `Eglish` (sic) holds the English name, `name` the Chinese one. */
export function countryName(country: Pick<Country, 'name' | 'Eglish'>, locale: Locale): string {
  return (locale === 'zh-CN' ? country.name : country.Eglish) || country.Eglish || country.name;
}

export function countrySearchHref(countryId: string): `/search?${string}` {
  return `/search?${new URLSearchParams({ country: countryId })}`;
}

/** The spec's "simple email shape": something@something.tld, no spaces. */
export function isEmailShape(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
