import { eq } from 'drizzle-orm';
import { AppError, clientMessages, maxDatabaseInteger } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { clients } from '../../db/schema/index';

// Every client route names the client by its human Client ID ({id} in the path). Anything that is not
// one (letters, a number past the integer range, an unknown id) is the same 404, so the page has one
// failure path and the answer says nothing about which ids exist.

export type ClientRecord = typeof clients.$inferSelect;

export const clientNotFound = (): AppError => new AppError('not_found', { message: clientMessages.notFound });

const parseClientId = (rawId: string): number => {
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : 0;
  if (id < 1 || id > maxDatabaseInteger) throw clientNotFound();
  return id;
};

/** The client with this Client ID, or 404 'Client not found'. */
export const requireClientRecord = async (q: Queryable, rawId: string): Promise<ClientRecord> => {
  const [row] = await q
    .select()
    .from(clients)
    .where(eq(clients.client_id, parseClientId(rawId)))
    .limit(1);
  if (!row) throw clientNotFound();
  return row;
};
