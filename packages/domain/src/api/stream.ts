import { z } from 'zod';
import { maxStreamCollections, streamMessages } from '../rules/realtime/stream-subscription';

// The live-update stream's query (GET /api/v2/stream?collections=uid,uid): see
// rules/realtime/stream-subscription.ts. Apart from it, so the web's bundle builds no schema for a path.

// Uids as the database's uuid type takes them (z.guid, as the realtime events read them), kept in lower
// case (the hub compares events' uids in lower case). A repeated `collections` adds to the list.
const collectionUidList = z
  .union([z.string(), z.array(z.string())])
  .transform((given) =>
    [given]
      .flat()
      .flatMap((text) => (text === '' ? [] : text.split(',')))
      .map((uid) => uid.trim().toLowerCase()),
  )
  .pipe(
    z
      .array(z.guid({ error: streamMessages.collectionsInvalid }))
      .max(maxStreamCollections, { error: streamMessages.collectionsInvalid }),
  );

const flag = z.enum(['1', '0', 'true', 'false']).transform((given) => given === '1' || given === 'true');

export const streamQuerySchema = z.object({
  collections: collectionUidList.optional(),
  /** `1`: the stream also carries new orders (`order_arrived`), for the Check-in desk. */
  intake: flag.optional(),
  /** `1`: the stream also carries clients' messages (`client_waiting`), for the Customer Service inbox. */
  customer_service: flag.optional(),
});
