import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../testing/fetch-stub';
import { caseSearchDestination } from './global-case-search';

// Scan to open: a case label's code (the case key) typed by a scanner opens the case in the drawer.

const found = {
  case_mkey: '120034-02',
  case_uid: '6c1f1f9e-3f55-4d8e-9c55-0f7f3b0c2a11',
  collection_uid: '0b7f5c43-2a0e-4c1e-8f43-7f5d3b2a1c00',
};

describe('caseSearchDestination', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the case of a scanned case key', async () => {
    const calls = stubFetch((call) =>
      call.path === '/api/v2/case_labels/120034-02/' ? json(found) : undefined,
    );
    expect(await caseSearchDestination(' 120034-02 ')).toBe(
      `/static/v2/collection.html?uid=${found.collection_uid}&cuid=${found.case_uid}`,
    );
    expect(calls.map((call) => call.path)).toEqual(['/api/v2/case_labels/120034-02/']);
  });

  it('searches for a key that names no case, and for any other text without asking', async () => {
    stubFetch(() => json({ error: { code: 'not_found', message: 'Case not found' } }, 404));
    expect(await caseSearchDestination('999999-01')).toBe('/static/v2/collection.html?search=999999-01');
    const calls = stubFetch();
    expect(await caseSearchDestination('Smith')).toBe('/static/v2/collection.html?search=Smith');
    expect(await caseSearchDestination('12')).toBeNull();
    expect(calls).toEqual([]);
  });
});
