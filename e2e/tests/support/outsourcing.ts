import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { CaseRow } from './lab';

// What the outsourcing flows share: a case's outsource jobs as the API reads them, and the drawer's
// Outsourcing tab.

export type OutsourcedCase = CaseRow & { outsources: unknown[] };

/** Opens the open drawer's Outsourcing tab, once it offers Start New. */
export const outsourcingTab = async (page: Page) => {
  await page.getByRole('tab', { name: 'Outsourcing' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Outsourcing' });
  await expect(panel.getByRole('button', { name: 'Start New' })).toBeVisible();
  return panel;
};
