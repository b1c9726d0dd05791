// The share key from the page's address (`/static/v2/partner.html?key=`): the page's only state in it.

export const readPartnerKey = (search: string): string =>
  new URLSearchParams(search).get('key')?.trim() ?? '';

export const usePartnerKey = (): string => readPartnerKey(window.location.search);
