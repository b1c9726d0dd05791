import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountryFlag, countryFlagEmoji } from './country-flag';

describe('countryFlagEmoji', () => {
  it('turns an ISO code into its flag', () => {
    expect(countryFlagEmoji('AU')).toBe('🇦🇺');
    expect(countryFlagEmoji('nz')).toBe('🇳🇿');
  });

  it('gives nothing for anything else', () => {
    expect(countryFlagEmoji('')).toBe('');
    expect(countryFlagEmoji(null)).toBe('');
    expect(countryFlagEmoji('AUS')).toBe('');
    expect(countryFlagEmoji('1A')).toBe('');
  });
});

describe('CountryFlag', () => {
  afterEach(cleanup);

  it('draws an SVG flag for a country the lab serves, with the code', () => {
    render(<CountryFlag code="NZ" />);
    expect(screen.getByRole('img', { name: 'NZ' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByText('NZ')).toBeTruthy();
  });

  it('falls back to the emoji for other countries', () => {
    render(<CountryFlag code="US" />);
    expect(screen.getByRole('img', { name: 'US' }).textContent).toBe('🇺🇸');
  });
});
