import { describe, expect, it } from 'vitest';
import { globalSearchUrl } from './global-case-search';
import { systemUrl, visibleSystems } from './systems';

describe('systems menu', () => {
  it('hides Accounts, Gauge MRP and Management from restricted users', () => {
    const labels = (isRestricted: boolean) => visibleSystems(isRestricted).map((system) => system.label);
    expect(labels(false)).toEqual([
      'Cases',
      'Clients',
      'Customer Service',
      'Checkin',
      'Design',
      'Production',
      'Finishing',
      'Warehouse',
      'Accounts',
      'Gauge MRP',
      'Management',
    ]);
    expect(labels(true)).not.toContain('Accounts');
    expect(labels(true)).not.toContain('Gauge MRP');
    expect(labels(true)).not.toContain('Management');
    expect(labels(true)).toHaveLength(8);
  });

  it('sends each system to its page', () => {
    expect(systemUrl('case')).toBe('/static/v2/collection.html');
    expect(systemUrl('newCheckin')).toBe('/clients/checkin');
    expect(systemUrl('client')).toBe('/static/v2/client.html');
    expect(systemUrl('gauge_manufacturing')).toBe('/static/v2/gauge_manufacturing.html');
  });
});

describe('global case search', () => {
  it('needs a keyword longer than 2 characters', () => {
    expect(globalSearchUrl('ab')).toBeNull();
    expect(globalSearchUrl('  ab  ')).toBeNull();
    expect(globalSearchUrl('abc')).toBe('/static/v2/collection.html?search=abc');
    expect(globalSearchUrl(' Smith & Co ')).toBe('/static/v2/collection.html?search=Smith+%26+Co');
  });
});
