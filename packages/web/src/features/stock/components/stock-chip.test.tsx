import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import { StockChip } from './stock-chip';

const sohPath = '/api/v2/components/1/SCR-NB-CCRP/soh/';

const renderChip = (answer: (path: string) => Response | undefined, branchId: number | null = 1) => {
  const calls = stubFetch((call) => answer(call.path));
  renderWithQueries(<StockChip branchId={branchId} code="SCR-NB-CCRP" />);
  return calls;
};

describe('StockChip', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the quantity and shelf in green while there is stock', async () => {
    renderChip((path) => (path === sohPath ? json({ quantity_on_hand: 12, location: 'B2-07' }) : undefined));
    const chip = await screen.findByTestId('stock-chip');
    expect(chip.textContent).toBe('SOH 12 · B2-07');
    expect(chip.getAttribute('data-stock-out')).toBe('false');
    expect(chip.className).toMatch(/colorSuccess/);
  });

  it.each([0, -3])('turns red at %i', async (quantity) => {
    renderChip((path) =>
      path === sohPath ? json({ quantity_on_hand: quantity, location: null }) : undefined,
    );
    const chip = await screen.findByTestId('stock-chip');
    expect(chip.textContent).toBe(`SOH ${quantity}`);
    expect(chip.getAttribute('data-stock-out')).toBe('true');
    expect(chip.className).toMatch(/colorError/);
  });

  it('shows nothing when the lookup fails', async () => {
    const calls = renderChip((path) =>
      path === sohPath
        ? json({ error: { code: 'not_found', message: 'Component not found' } }, 404)
        : undefined,
    );
    await waitFor(() => expect(calls.map((call) => call.path)).toContain(sohPath));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('stock-chip')).toBeNull();
  });

  it('shows nothing and asks nothing without a fulfillment branch', async () => {
    const calls = renderChip(() => json({ quantity_on_hand: 1, location: null }), null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('stock-chip')).toBeNull();
  });

  it('marks the part short for this case when the branch’s stock goes to cases due sooner', async () => {
    const caseUid = '6b1f3a1e-3c1d-4e6b-9a51-1f1f0a000001';
    stubFetch((call) => {
      if (call.path === sohPath) return json({ quantity_on_hand: 2, location: null });
      if (call.path === `/api/v2/gauge_mrp/shortages/case/${caseUid}/`)
        return json({ parts: [{ code: 'SCR-NB-CCRP', short: 1 }] });
      return undefined;
    });
    renderWithQueries(<StockChip branchId={1} code="SCR-NB-CCRP" caseUid={caseUid} />);
    const short = await screen.findByTestId('case-short-chip');
    expect(short.textContent).toBe('Short for this case');
    expect(short.getAttribute('title')).toBe(
      'Stock at the branch goes to cases due sooner: this case lacks 1',
    );
  });
});
