import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalToothConventionKey } from '../hooks/use-portal-tooth-convention';
import { aPortalCase, aPortalCollection } from '../testing/portal-fixture';
import { renderPortalScreen } from '../testing/render-portal-screen';

// The portal's tooth numbering: the chart keeps two-character labels (the place shows the quadrant),
// text anywhere else names Palmer's quadrant, and the browser remembers the choice.

const forgetChoices = () => {
  window.localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
};

// Teeth 12, 16, 22, 26: all '02' or '06' in Palmer without their quadrants.
const fourQuadrantCase = () =>
  aPortalCollection({
    cases: [
      aPortalCase({
        dentate: 'UPPER',
        implants: [
          { tooth: 12, platform: 'NobelActive RP' },
          { tooth: 16, platform: 'NobelActive RP' },
          { tooth: 22, platform: 'NobelActive RP' },
          { tooth: 26, platform: 'NobelActive RP' },
        ],
      }),
    ],
  });

const chartLabels = (region: HTMLElement) =>
  [...region.querySelectorAll('[data-highlighted] text')].map((text) => text.textContent);

beforeEach(forgetChoices);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetChoices();
});

describe('tooth numbering on the portal', () => {
  it('names the quadrant wherever Palmer stands as text; the chart keeps its labels', async () => {
    renderPortalScreen({ collection: fourQuadrantCase() });
    const upper = await screen.findByRole('region', { name: 'Upper' });
    expect(within(upper).getByText('12, 16, 22, 26 · NobelActive RP')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pal.' }));
    expect(within(upper).getByText('UR 02, UR 06, UL 02, UL 06 · NobelActive RP')).toBeTruthy();
    expect(
      within(upper).getByRole('img', { name: 'Implants on teeth UR 02, UR 06, UL 02, UL 06' }),
    ).toBeTruthy();
    // On the chart, 16 … 12 on the patient's right, then 22 … 26.
    expect(chartLabels(upper)).toEqual(['06', '02', '02', '06']);

    fireEvent.click(screen.getByRole('button', { name: 'Uni.' }));
    expect(within(upper).getByText('07, 03, 10, 14 · NobelActive RP')).toBeTruthy();
  });

  it('remembers the choice in this browser, across a reload', async () => {
    const first = renderPortalScreen({ collection: fourQuadrantCase() });
    await screen.findByRole('region', { name: 'Upper' });
    fireEvent.click(screen.getByRole('button', { name: 'Pal.' }));
    expect(window.localStorage.getItem(portalToothConventionKey)).toBe('palmer');
    first.unmount();
    vi.unstubAllGlobals();

    renderPortalScreen({ collection: fourQuadrantCase() });
    const upper = await screen.findByRole('region', { name: 'Upper' });
    expect(screen.getByRole('button', { name: 'Pal.' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(upper).getByText('UR 02, UR 06, UL 02, UL 06 · NobelActive RP')).toBeTruthy();
  });

  it('hands the chosen numbering to the order forms', async () => {
    const renderOrderForm = vi.fn(({ title, convention }: { title: string; convention: string }) => (
      <p>
        {title} in {convention}
      </p>
    ));
    window.localStorage.setItem(portalToothConventionKey, 'palmer');
    renderPortalScreen({
      tab: 'orderForms',
      renderOrderForm,
      collection: aPortalCollection({
        order_forms: [{ id: 1, case_uid: null, created_at: '2030-03-01T00:00:00.000Z', json_data: {} }],
      }),
    });
    expect(await screen.findByText('Order Form in palmer')).toBeTruthy();
  });
});
