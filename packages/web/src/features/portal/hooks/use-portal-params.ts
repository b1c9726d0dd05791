import { useLocationSearch, patchSearchParams, writeSearchParams } from '../../../lib/url-state';

// The portal's state in its address (collection-views §3 'Client-side state'): the key, the branding
// asked for, read-only mode and the current tab (default overview). The tooth numbering is the
// browser's (use-portal-tooth-convention.ts).

export const portalTabs = ['overview', 'messages', 'orderForms'] as const;
export type PortalTab = (typeof portalTabs)[number];
export const defaultPortalTab: PortalTab = 'overview';

export const portalTabLabels: Record<PortalTab, string> = {
  overview: 'Overview',
  messages: 'Messages',
  orderForms: 'Order Forms',
};

export type PortalParams = {
  portalKey: string;
  /** `?branding=` as given; portalBrandingFor decides what it means. */
  requestedBranding: string | null;
  /** `?readonly=1`: to look only: no call to action (answers, Review, composer), no read receipts. */
  isReadOnly: boolean;
  tab: PortalTab;
};

const isPortalTab = (value: string | null): value is PortalTab =>
  (portalTabs as readonly (string | null)[]).includes(value);

export const readPortalParams = (search: string): PortalParams => {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  const readonly = params.get('readonly');
  return {
    portalKey: params.get('key')?.trim() ?? '',
    requestedBranding: params.get('branding'),
    isReadOnly: readonly === '1' || readonly === 'true',
    tab: isPortalTab(tab) ? tab : defaultPortalTab,
  };
};

/** The params, re-read on every address change; a tab change is a history entry (Back returns). */
export const usePortalParams = (): PortalParams & { onTabChange: (tab: PortalTab) => void } => {
  const search = useLocationSearch();
  const onTabChange = (tab: PortalTab) => {
    writeSearchParams(
      patchSearchParams(new URLSearchParams(window.location.search), {
        tab: tab === defaultPortalTab ? null : tab,
      }),
    );
    // Another tab starts at its top, not where the last one was scrolled to (Messages then goes down).
    window.scrollTo({ top: 0 });
  };
  return { ...readPortalParams(search), onTabChange };
};
