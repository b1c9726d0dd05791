import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DisplayZoneContext } from '../../../components/display-zone';
import { viewerTimeZone } from '../../../lib/date-format';
import { OrderFormTable } from './order-form-value';

// Dates in an order form read as dates (never the platform's raw '2026-12-13'), in the page's locale and
// zone: on the portal the lab's locale and the branch's zone, named when it is not the reader's.

const entries = [
  { key: 'requested_delivery', value: '2026-12-13' },
  { key: 'scanned_at', value: '2026-12-13T03:00:00Z' },
  { key: 'surgery', value: '2026-12-14T09:30' },
  { key: 'shade', value: 'A2' },
];

const branchZone = viewerTimeZone() === 'Pacific/Auckland' ? 'Australia/Perth' : 'Pacific/Auckland';

const renderOnPortal = () =>
  render(
    <DisplayZoneContext value={{ locale: 'en-AU', timeZone: branchZone }}>
      <OrderFormTable entries={entries} />
    </DisplayZoneContext>,
  );

const cellOf = (label: string) => screen.getByRole('rowheader', { name: label }).nextElementSibling;

const inBranch = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: branchZone,
    timeZoneName: 'short',
  }).format(new Date(iso));

afterEach(cleanup);

describe('order-form dates', () => {
  it('writes a calendar day in the lab’s locale, the same day wherever it is read', () => {
    renderOnPortal();
    expect(cellOf('Requested Delivery')?.textContent).toBe('Sun, 13 Dec 2026');
    expect(cellOf('Requested Delivery')?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-13');
    expect(screen.queryByText('2026-12-13')).toBeNull();
  });

  it('writes an instant in the branch’s zone, named because the reader is elsewhere', () => {
    renderOnPortal();
    expect(cellOf('Scanned At')?.textContent).toBe(inBranch('2026-12-13T03:00:00Z'));
  });

  it('reads a time without a zone as the branch’s wall time', () => {
    renderOnPortal();
    const text = cellOf('Surgery')?.textContent ?? '';
    expect(text).toMatch(/^14 Dec 2026, 9:30 am /);
  });

  it('leaves other values as they are', () => {
    renderOnPortal();
    expect(cellOf('Shade')?.textContent).toBe('A2');
  });

  it('on staff pages, in the reader’s own locale and zone, unnamed', () => {
    render(<OrderFormTable entries={entries.slice(1, 2)} />);
    const plain = new Intl.DateTimeFormat(undefined, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date('2026-12-13T03:00:00Z'));
    expect(cellOf('Scanned At')?.textContent).toBe(plain);
  });
});
