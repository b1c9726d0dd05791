import type { CollectionSearchResult } from '@lab/domain';

/** The filter value that shows every row. */
export const allCountries = 'ALL';
export const allCountriesLabel = 'All Countries/Regions';

/** The countries present in the list, once each, in alphabetical order. */
export const countriesIn = (rows: readonly Pick<CollectionSearchResult, 'country'>[]): string[] =>
  [...new Set(rows.map((row) => row.country).filter((country) => country !== ''))].sort();

export const filterByCountry = <Row extends Pick<CollectionSearchResult, 'country'>>(
  rows: readonly Row[],
  country: string,
): readonly Row[] => (country === allCountries ? rows : rows.filter((row) => row.country === country));
