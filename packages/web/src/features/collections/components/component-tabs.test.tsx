import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectionCase, Implant } from '@lab/domain';
import * as records from '../../../testing/records';
import { ComponentTabs } from './component-tabs';

const implantAt = (tooth: number): Implant => ({
  id: tooth,
  tooth,
  platform_id: 1,
  platform: 'Nobel Biocare CC RP',
  screw: null,
  tibase: null,
  biaxial: false,
  engaging: false,
  using_defaults: { screw: true, tibase: true },
  platform_valid: true,
  to_tibase: false,
});

// Every card here is due for dispatch, so the cards that hide the date are seen to hide it.
const aCase = (overrides: Partial<CollectionCase>) =>
  records.aCase({ dispatch_due: '2025-02-10T06:00:00Z', ...overrides });

const dispatchedFlags = { active: false, dispatched: true, in_design: false, status: 'Dispatched' };
const cancelledFlags = { active: false, cancelled: true, in_design: false, status: 'Cancelled' };

const renderTabs = (cases: CollectionCase[]) => {
  const onOpenCase = vi.fn();
  render(<ComponentTabs cases={cases} onOpenCase={onOpenCase} />);
  return onOpenCase;
};

const shownKeys = () =>
  within(screen.getByRole('tabpanel'))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('ComponentTabs', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('shows only the dentate tabs that have components, in order, with their counts', () => {
    renderTabs([
      aCase({ case_mkey: 'A', dentate: 'UPPER' }),
      aCase({ case_mkey: 'B', dentate: 'UPPER', implants: [implantAt(36)] }),
      aCase({ case_mkey: 'C', dentate: 'NONE', implants: [implantAt(14)] }),
      aCase({ case_mkey: 'D', dentate: null }),
      aCase({ case_mkey: 'E', dentate: null, implants: [implantAt(11), implantAt(21)] }),
    ]);
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'Upper (2)',
      'Both (1)',
      'None (2)',
    ]);
    expect(shownKeys()).toEqual(['A', 'E']);

    fireEvent.click(screen.getByRole('tab', { name: 'Both (1)' }));
    expect(shownKeys()).toEqual(['B']);
    fireEvent.click(screen.getByRole('tab', { name: 'None (2)' }));
    expect(shownKeys()).toEqual(['C', 'D']);
  });

  it('orders a tab: active, active redo, dispatched, then the rest', () => {
    renderTabs([
      aCase({ case_mkey: 'cancelled', dentate: 'LOWER', ...cancelledFlags }),
      aCase({ case_mkey: 'dispatched', dentate: 'LOWER', ...dispatchedFlags }),
      aCase({ case_mkey: 'redo', dentate: 'LOWER', redo: 'internal' }),
      aCase({ case_mkey: 'active', dentate: 'LOWER' }),
    ]);
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual(['Lower (4)']);
    expect(shownKeys()).toEqual(['active', 'redo', 'dispatched', 'cancelled']);
  });

  it('shows a card as the spec flags it and opens the case on click', () => {
    const item = aCase({ case_mkey: '120034-01', has_unresolved_alert: true, virtual_product: true });
    const onOpenCase = renderTabs([
      item,
      aCase({ case_mkey: '120034-02', ...dispatchedFlags, delegated_to: 'Dana Designer' }),
      aCase({ case_mkey: '120034-03', ...cancelledFlags }),
    ]);
    const [first, dispatched, cancelled] = screen.getAllByTestId('component-card');
    if (!first || !dispatched || !cancelled) throw new Error('three cards expected');

    expect(within(first).getByText('Design In Progress')).toBeTruthy();
    expect(within(first).getByText('Design')).toBeTruthy();
    expect(within(first).getByText('Virtual')).toBeTruthy();
    expect(within(first).getByText('Awaiting Delegation')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Unresolved alerting message' })).toBeTruthy();
    expect(within(first).getByText(/Dispatch due/)).toBeTruthy();

    // Status text hidden once dispatched or cancelled; delegation only in design, production or lab.
    expect(within(dispatched).queryByText('Dispatched', { selector: 'p' })).toBeNull();
    expect(within(dispatched).getByText('Dispatched', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(dispatched).queryByText(/Dana Designer/)).toBeNull();
    expect(within(cancelled).queryByText(/Dispatch due/)).toBeNull();

    fireEvent.click(within(first).getByRole('button'));
    expect(onOpenCase).toHaveBeenCalledWith(item.uid);
  });
});
