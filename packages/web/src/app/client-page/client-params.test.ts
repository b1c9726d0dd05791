import { describe, expect, it } from 'vitest';
import { readClientPageState } from './client-params';

describe('readClientPageState', () => {
  it('shows the search without an id, with its keyword', () => {
    expect(readClientPageState(new URLSearchParams(''))).toEqual({ view: 'search', search: '' });
    expect(readClientPageState(new URLSearchParams('search=+carlton+&id='))).toEqual({
      view: 'search',
      search: 'carlton',
    });
  });

  it('shows the client of a Client ID, and not found for anything else', () => {
    expect(readClientPageState(new URLSearchParams('id=10042'))).toEqual({ view: 'client', clientId: 10042 });
    expect(readClientPageState(new URLSearchParams('id=abc'))).toEqual({ view: 'client', clientId: null });
    expect(readClientPageState(new URLSearchParams('id=0'))).toEqual({ view: 'client', clientId: null });
    expect(readClientPageState(new URLSearchParams('id=99999999999'))).toEqual({
      view: 'client',
      clientId: null,
    });
  });
});
