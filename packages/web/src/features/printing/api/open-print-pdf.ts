import { apiClient, apiErrorFrom } from '../../../lib/api-client';

/**
 * GET /api/v2/print_jobs/{id}/pdf/ with the page's bearer token (a plain link cannot carry it), shown in
 * a new tab through an object URL. The tab is opened at once, inside the click, so no pop-up blocker
 * stops it; the PDF replaces its blank page when it arrives.
 */
export const openPrintPdf = async (pdfUrl: string): Promise<void> => {
  const tab = window.open('', '_blank');
  try {
    const token = await apiClient.getToken();
    const response = await window.fetch(pdfUrl, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf' },
      credentials: 'same-origin',
    });
    if (!response.ok) throw apiErrorFrom(response.status, await response.json().catch(() => null));
    const url = URL.createObjectURL(await response.blob());
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has loaded it by then; the URL is not needed afterwards.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
};
