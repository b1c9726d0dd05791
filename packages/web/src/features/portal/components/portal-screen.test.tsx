import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalTexts, type PortalCollection } from '@lab/domain';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithQueries } from '../../../testing/render-with-queries';
import type { PortalTab } from '../hooks/use-portal-params';
import {
  aPortalApproval,
  aPortalCase,
  aPortalCollection,
  aPortalMessage,
  collectionPath,
  lowerCaseUid,
  portalKey,
} from '../testing/portal-fixture';
import { PortalScreen } from './portal-screen';

// The portal screen against its real GET, answered by the test's fetch.

type RenderOptions = {
  collection?: PortalCollection;
  status?: number;
  requestedBranding?: string | null;
  isReadOnly?: boolean;
  tab?: PortalTab;
};

const renderPortal = ({
  collection = aPortalCollection(),
  status = 200,
  requestedBranding = null,
  isReadOnly = false,
  tab = 'overview',
}: RenderOptions = {}) => {
  const calls = stubFetch((call) => {
    if (call.path !== collectionPath) return undefined;
    return status === 200
      ? json(collection)
      : json({ error: { code: 'not_found', message: portalTexts.notFound } }, status);
  });
  const onTabChange = vi.fn();
  const utils = renderWithQueries(
    <PortalScreen
      portalKey={portalKey}
      requestedBranding={requestedBranding}
      isReadOnly={isReadOnly}
      tab={tab}
      onTabChange={onTabChange}
      renderFiles={(files) => (
        <ul aria-label="Files">
          {files.map((file) => (
            <li key={`${file.type}-${file.id}`}>{file.fileName}</li>
          ))}
        </ul>
      )}
      renderOrderForm={({ title }) => <p>{title}</p>}
    />,
  );
  return { ...utils, calls, onTabChange };
};

const chartLabels = (region: HTMLElement) =>
  [...region.querySelectorAll('svg text')].map((text) => text.textContent);

const brandingShown = (container: HTMLElement) =>
  container.querySelector('[data-branding]')?.getAttribute('data-branding');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PortalScreen', () => {
  it('shows the case header, one card per jaw with status chips, dispatch estimates and the footnote', async () => {
    renderPortal();
    expect(await screen.findByRole('heading', { name: 'Case 120034' })).toBeTruthy();
    expect(screen.getByText('Bayside Dental')).toBeTruthy();
    expect(screen.getByText('ACC-0091')).toBeTruthy();
    expect(screen.getByText('JONES-4471')).toBeTruthy();
    const upper = screen.getByRole('region', { name: 'Upper' });
    const lower = screen.getByRole('region', { name: 'Lower' });
    expect(within(upper).getByText('Screw Retained Bridge')).toBeTruthy();
    expect(within(upper).getByText('In Design')).toBeTruthy();
    // The Final Prosthesis waits on the final approval instead of a date.
    expect(within(lower).getByText(portalTexts.finalProsthesisDispatch)).toBeTruthy();
    expect(within(upper).queryByText(portalTexts.finalProsthesisDispatch)).toBeNull();
    expect(screen.getByText(portalTexts.dispatchFootnote)).toBeTruthy();
    expect(screen.queryByText(portalTexts.actionRequired)).toBeNull();
    // The implants' teeth are on the chart, labelled in the chosen numbering.
    expect(within(upper).getByRole('img', { name: 'Implants on teeth 14, 15' })).toBeTruthy();
    expect(chartLabels(upper)).toContain('14');
    fireEvent.click(screen.getByRole('button', { name: 'Uni.' }));
    const chart = within(upper).getByRole('img', { name: 'Implants on teeth 05, 04' });
    expect(chartLabels(upper)).toContain('05');
    // Filled on the chart, in chart order (15 sits before 14 on the upper arch).
    expect([...chart.querySelectorAll('[data-highlighted] text')].map((text) => text.textContent)).toEqual([
      '04',
      '05',
    ]);
  });

  it('puts Approval Required before Dispatched and Cancelled, pulsing, with the Action Required banner', async () => {
    renderPortal({
      collection: aPortalCollection({
        cases: [
          // Dispatched, but a design still waits for the client: the approval wins.
          aPortalCase({ dispatched: true, status: 'Dispatched' }),
          aPortalCase({
            uid: lowerCaseUid,
            case_mkey: '120034-02',
            dentate: 'LOWER',
            dispatched: true,
            implants: [{ tooth: 36, platform: null }],
          }),
        ],
        approvals: [aPortalApproval()],
      }),
    });
    const upper = await screen.findByRole('region', { name: 'Upper' });
    const lower = screen.getByRole('region', { name: 'Lower' });
    const chip = within(upper).getByText(portalTexts.approvalRequired).closest('.MuiChip-root');
    expect(chip?.getAttribute('data-tone')).toBe('warning');
    expect(chip?.getAttribute('data-pulse')).toBe('true');
    const dispatched = within(lower).getByText('Dispatched').closest('.MuiChip-root');
    expect(dispatched?.getAttribute('data-tone')).toBe('success');
    expect(dispatched?.getAttribute('data-pulse')).toBeNull();
    expect(screen.getByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(portalTexts.actionRequired),
    );
    expect(within(upper).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('shows a cancelled collection as Case Unavailable and nothing else', async () => {
    renderPortal({ collection: aPortalCollection({ cancelled: true }) });
    expect(await screen.findByRole('heading', { name: portalTexts.caseUnavailableTitle })).toBeTruthy();
    expect(screen.getByText(portalTexts.caseUnavailableText)).toBeTruthy();
    expect(screen.queryByText('Case 120034')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('Screw Retained Bridge')).toBeNull();
  });

  it('answers a wrong key with the friendly not-found text', async () => {
    renderPortal({ status: 404 });
    expect(await screen.findByText(portalTexts.notFound)).toBeTruthy();
  });

  it('picks the branding from ?branding=, else from the ordering platform', async () => {
    const oep = renderPortal({ collection: aPortalCollection({ ordering_platform: 'oep' }) });
    await screen.findByRole('heading', { name: 'Case 120034' });
    expect(brandingShown(oep.container)).toBe('osteon');
    expect(screen.getByText('Osteon')).toBeTruthy();
    cleanup();

    const asked = renderPortal({
      collection: aPortalCollection({ ordering_platform: 'oep' }),
      requestedBranding: 'nexus',
    });
    await screen.findByRole('heading', { name: 'Case 120034' });
    expect(brandingShown(asked.container)).toBe('nexus');
    cleanup();

    const ios = renderPortal({ collection: aPortalCollection({ ordering_platform: 'nexus_ios' }) });
    await screen.findByRole('heading', { name: 'Case 120034' });
    expect(brandingShown(ios.container)).toBe('nexus');
    expect(screen.getByText('Nexus')).toBeTruthy();
  });

  it('read-only: no approval answers and no compose footer', async () => {
    renderPortal({ isReadOnly: true, collection: aPortalCollection({ approvals: [aPortalApproval()] }) });
    const upper = await screen.findByRole('region', { name: 'Upper' });
    // The request is still shown, with its files.
    expect(within(upper).getByText('Design Approval')).toBeTruthy();
    expect(within(upper).getByText('design-preview.html')).toBeTruthy();
    for (const name of ['Approve', 'Approve with changes', 'Request changes']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    cleanup();
    renderPortal({
      isReadOnly: true,
      tab: 'messages',
      collection: aPortalCollection({ messages: [aPortalMessage({ message_seen: false })] }),
    });
    expect(await screen.findByText('Your design is ready.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('names the tabs and reports a change of tab', async () => {
    const { onTabChange } = renderPortal();
    await screen.findByRole('heading', { name: 'Case 120034' });
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'Overview',
      'Messages',
      'Order Forms',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Order Forms' }));
    expect(onTabChange).toHaveBeenCalledWith('orderForms');
  });

  it('shows the order forms, or No Order Forms Received', async () => {
    renderPortal({ tab: 'orderForms' });
    expect(await screen.findByText(portalTexts.noOrderForms)).toBeTruthy();
    cleanup();
    renderPortal({
      tab: 'orderForms',
      collection: aPortalCollection({
        order_forms: [
          { id: 1, case_uid: lowerCaseUid, created_at: '2030-03-01T00:00:00.000Z', json_data: {} },
        ],
      }),
    });
    expect(await screen.findByText('Order Form — Final Bar (120034-02)')).toBeTruthy();
  });
});
