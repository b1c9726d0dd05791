import { z } from 'zod';
import { maxStreamCollections, streamMessages } from '../rules/realtime/stream-subscription';

// The live-update stream's query (GET /api/v2/stream?collections=uid,uid): see
// rules/realtime/stream-subscription.ts. Apart from it, so the web's bundle builds no schema for a path.

// Uids as the database's uuid type takes them (z.guid, as the realtime events read them), lowercased
// like the events that name them.
const collectionUidList = z
  .string()
  .transform((text) => (text === '' ? [] : text.split(',').map((uid) => uid.trim().toLowerCase())))
  .pipe(
    z
      .array(z.guid({ error: streamMessages.collectionsInvalid }))
      .max(maxStreamCollections, { error: streamMessages.collectionsInvalid }),
  );

export const streamQuerySchema = z.object({ collections: collectionUidList.optional() });
