import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalTabs, portalPanelId } from './portal-tabs';

// The portal's own tab list keeps the WAI-ARIA tabs pattern MUI's Tabs gave it: one tab in the Tab
// order, arrows and Home/End between tabs, a click (or Enter/Space on the button) to show one.

afterEach(cleanup);

const renderTabs = (onChange = vi.fn()) => {
  render(<PortalTabs tab="overview" badges={{ messages: 2 }} onChange={onChange} />);
  return onChange;
};

describe('the portal tabs', () => {
  it('name each tab, mark the one shown and point it at its panel', () => {
    renderTabs();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'Overview',
      'Messages',
      'Order Forms',
    ]);
    expect(screen.getByRole('tablist', { name: 'Case sections' })).toBeTruthy();
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(overview.getAttribute('aria-selected')).toBe('true');
    expect(overview.getAttribute('aria-controls')).toBe(portalPanelId('overview'));
    expect(screen.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('false');
  });

  it('keep only the shown tab in the Tab order, and move between tabs with the arrows, Home and End', () => {
    renderTabs();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([0, -1, -1]);
    tab('Overview').focus();
    const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Messages'));
    press('End');
    expect(document.activeElement).toBe(tab('Order Forms'));
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Overview'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(tab('Order Forms'));
    press('Home');
    expect(document.activeElement).toBe(tab('Overview'));
  });

  it('show a tab when it is clicked', () => {
    const onChange = renderTabs();
    fireEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(onChange).toHaveBeenCalledWith('messages');
  });
});
