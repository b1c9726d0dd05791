import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { drawerHeader, drawerTab, openCollection, type CaseRow } from './lab';

// What the file flows share: the fixture files, a case's file lists as the API reads them, the drawer's
// Files tab and a file's row in it.

const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** A file of e2e/tests/fixtures. */
export const fixture = (name: string) => path.join(fixturesDir, name);

export type FileRow = { id: number; filename: string; blurred: boolean };

export type FilesCase = CaseRow & {
  order_files: FileRow[];
  internal_files: FileRow[];
  approval_files: FileRow[];
  requires_return_file: boolean;
  return_files: { oft_file_name: string }[];
};

/** Opens the case's drawer at its Files tab. */
export const openFilesTab = async (page: Page, collectionUid: string, caseItem: CaseRow) => {
  await openCollection(page, collectionUid, caseItem.uid);
  await expect(drawerHeader(page).getByRole('heading', { name: caseItem.case_mkey })).toBeVisible();
  await page.getByRole('tab', { name: 'Files' }).click();
  return drawerTab(page, 'Files');
};

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A file's row in a Files card (its name starts the row's accessible name). */
export const fileRow = (scope: Locator, fileName: string, suffix = '') =>
  scope.getByRole('button', { name: new RegExp(`^${escapeRegExp(fileName)}${suffix}`) });
