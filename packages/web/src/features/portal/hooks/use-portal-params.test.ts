import { describe, expect, it } from 'vitest';
import { readPortalParams } from './use-portal-params';

describe('readPortalParams', () => {
  it('reads the key, branding, read-only mode and tab, with the spec defaults', () => {
    expect(readPortalParams('?key=abc')).toEqual({
      portalKey: 'abc',
      requestedBranding: null,
      isReadOnly: false,
      tab: 'overview',
    });
    expect(readPortalParams('?key=abc&branding=osteon&readonly=1&tab=messages')).toEqual({
      portalKey: 'abc',
      requestedBranding: 'osteon',
      isReadOnly: true,
      tab: 'messages',
    });
    expect(readPortalParams('?tab=invoices').tab).toBe('overview');
    expect(readPortalParams('').portalKey).toBe('');
  });
});
