import { authMessages } from '@lab/domain';

// Full-page moves out of the single-page app: sign-in, sign-out and the other static pages.

export const signInUrl = (
  error: string,
  next = `${window.location.pathname}${window.location.search}`,
): string => `/oauth2/authorize/?next=${encodeURIComponent(next)}&error=${encodeURIComponent(error)}`;

export const logoutUrl = '/oauth2/logout/';
export const checkInUrl = '/clients/checkin';

export const collectionPageUrl = (params: Record<string, string> = {}): string => {
  const query = new URLSearchParams(params).toString();
  return `/static/v2/collection.html${query ? `?${query}` : ''}`;
};

export const goTo = (url: string): void => {
  window.location.assign(url);
};

export const openInNewTab = (url: string): void => {
  window.open(url, '_blank', 'noopener');
};

export const goToSignIn = (error: string = authMessages.notLoggedIn): void => goTo(signInUrl(error));

export const goToLogout = (): void => goTo(logoutUrl);
