import type { ReactElement } from 'react';
import type { CaseChecklist, ChecklistItem, Conf } from '@lab/domain';
import { ConfProvider } from '../../../lib/conf';
import { renderWithQueries } from '../../../testing/render-with-queries';

// Records and rendering for the checklist tests.

let serial = 0;

/** An open, optional polishing item. */
export const anItem = (overrides: Partial<ChecklistItem> = {}): ChecklistItem => {
  serial += 1;
  return {
    id: serial,
    name: `Step ${serial}`,
    department: 'POLISHING',
    checked_at: null,
    checked_by_name: null,
    done: false,
    not_required: false,
    mandatory: false,
    ...overrides,
  };
};

export const aChecklist = (
  items: ChecklistItem[],
  overrides: Partial<CaseChecklist> = {},
): CaseChecklist => ({
  checklist: items,
  case_mkey: '120034-01',
  job_type: 'Implant Bar',
  ...overrides,
});

export const testConf: Conf = {
  backend_url: 'http://localhost',
  order_entry_platform_url: 'https://order.example.com/',
  file_transfer_url: 'http://localhost/files',
  error_reporting_environment: 'test',
  partner_platform_url: 'https://partners.example.com',
};

export const renderWithConf = (element: ReactElement) =>
  renderWithQueries(<ConfProvider conf={testConf}>{element}</ConfProvider>);
