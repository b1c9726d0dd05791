import { describe, expect, it } from 'vitest';
import { allCountries, countriesIn, filterByCountry } from './country-filter';

const rows = [{ country: 'NZ' }, { country: 'AU' }, { country: 'AU' }, { country: '' }];

describe('country filter', () => {
  it('offers each country present once, sorted', () => {
    expect(countriesIn(rows)).toEqual(['AU', 'NZ']);
    expect(countriesIn([])).toEqual([]);
  });

  it('keeps every row for All Countries/Regions, else the chosen country', () => {
    expect(filterByCountry(rows, allCountries)).toHaveLength(4);
    expect(filterByCountry(rows, 'AU')).toEqual([{ country: 'AU' }, { country: 'AU' }]);
  });
});
