import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me, OrderForm } from '@lab/domain';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { aCollection, collectionUid } from '../../../testing/records';
import { aTestQueryClient, renderWithQueries } from '../../../testing/render-with-queries';
import { meQueryOptions } from '../../me/api/get-me';
import { staffToothConventionKey } from '../../me/hooks/use-tooth-convention';
import { orderFormsQueryOptions } from '../api/get-order-forms';
import { OrderFormsView } from './order-forms-view';

// The staff Order Forms view: the implants table's teeth in the signed-in employee's numbering, Palmer
// with its quadrant, remembered per username in this browser.

const meAs = (username: string): Me => ({
  logged_in: true,
  username,
  first_name: 'Dana',
  last_name: 'Designer',
  department: 'DESIGN',
  all_departments: false,
  admin: false,
  restricted: false,
  staging: false,
  printers: [],
});

const form: OrderForm = {
  id: 1,
  case_uid: null,
  created_at: '2030-03-01T00:00:00.000Z',
  json_data: {
    patient_name: 'Smith',
    implants: [
      { tooth: 16, name: 'NobelActive', implant_platform: 'RP' },
      { tooth: 26, name: 'NobelActive', implant_platform: 'RP' },
    ],
  },
};

const forgetChoices = () => {
  window.localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
};

const renderViewAs = (username: string) => {
  stubFetch((call) => (call.method === 'POST' ? json([form]) : undefined));
  const queryClient = aTestQueryClient();
  queryClient.setQueryData(meQueryOptions().queryKey, meAs(username));
  queryClient.setQueryData(orderFormsQueryOptions(collectionUid).queryKey, [form]);
  return renderWithQueries(<OrderFormsView collection={aCollection()} />, queryClient);
};

beforeEach(forgetChoices);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetChoices();
});

describe('OrderFormsView', () => {
  it('shows FDI until the employee chooses, then Palmer with its quadrant', () => {
    renderViewAs('dana');
    expect(screen.getByText('16')).toBeTruthy();
    expect(screen.getByText('26')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pal.' }));
    expect(screen.getByText('UR 06')).toBeTruthy();
    expect(screen.getByText('UL 06')).toBeTruthy();
    expect(screen.queryByText(/^0?6$/)).toBeNull();
    expect(window.localStorage.getItem(staffToothConventionKey('dana'))).toBe('palmer');
  });

  it("keeps each employee's choice apart on a shared PC, across a reload", () => {
    window.localStorage.setItem(staffToothConventionKey('dana'), 'palmer');
    window.localStorage.setItem(staffToothConventionKey('lee'), 'universal');
    renderViewAs('dana');
    expect(screen.getByText('UR 06')).toBeTruthy();
    cleanup();
    renderViewAs('lee');
    expect(screen.getByText('03')).toBeTruthy();
    expect(screen.getByText('14')).toBeTruthy();
    cleanup();
    renderViewAs('sam');
    expect(screen.getByText('16')).toBeTruthy();
  });
});
