/** The client page: `?id=` names the client; without it the page is the client search. */
export const clientPageUrl = (clientId?: number): string =>
  `/static/v2/client.html${clientId === undefined ? '' : `?id=${clientId}`}`;
