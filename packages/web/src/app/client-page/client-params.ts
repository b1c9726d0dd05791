import { maxDatabaseInteger } from '@lab/domain';

// The client page's address is its state: `id` (the Client ID) shows that client; without it the page
// is the client search, whose keyword is `search`.

export type ClientPageState =
  | { view: 'search'; search: string }
  // An id that cannot be a Client ID is shown as not found, without asking the server.
  | { view: 'client'; clientId: number | null };

export const readClientPageState = (params: URLSearchParams): ClientPageState => {
  const id = params.get('id');
  if (id === null || id.trim() === '') return { view: 'search', search: params.get('search')?.trim() ?? '' };
  const clientId = /^\d{1,10}$/.test(id.trim()) ? Number(id.trim()) : 0;
  return { view: 'client', clientId: clientId >= 1 && clientId <= maxDatabaseInteger ? clientId : null };
};
