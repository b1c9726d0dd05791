import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderWithQueries } from '../../testing/render-with-queries';
import { SystemsMenu, SystemsMenuList } from './systems-menu';

// The systems menu offers administrators the status names clients see; nobody else.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openMenu = async (isAdmin: boolean) => {
  stubFetch();
  renderWithQueries(
    <SystemsMenu currentSystem="case" isRestricted={false} isStaging={false} isAdmin={isAdmin} />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Systems' }));
  await screen.findByRole('menu', { name: 'Systems' });
};

describe('SystemsMenu', () => {
  beforeAll(async () => {
    await SystemsMenuList.prefetch();
  }, 60_000);

  it('offers an administrator the status names for clients, in a dialog', async () => {
    await openMenu(true);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Status names for clients' }));
    expect(await screen.findByRole('dialog', { name: 'Status names for clients' })).toBeTruthy();
    expect(screen.queryByRole('menu', { name: 'Systems' })).toBeNull();
  });

  it('offers it to nobody else', async () => {
    await openMenu(false);
    expect(screen.getByRole('menuitem', { name: 'Cases' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Status names for clients' })).toBeNull();
  });
});
