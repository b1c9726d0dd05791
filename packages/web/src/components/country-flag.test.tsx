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

  it('shows the flag with the code', () => {
    render(<CountryFlag code="NZ" />);
    expect(screen.getByRole('img', { name: 'NZ' }).textContent).toBe('🇳🇿');
    expect(screen.getByText('NZ')).toBeTruthy();
  });
});
