// Which collections' frames an open staff page's live-update stream carries (issue 15, target 6). A page
// names the collections it shows (`?collections=uid,uid`; none: an empty list), so a change reaches the
// windows showing it rather than every open window: with 12,000 windows open, one note used to cost
// 12,000 frames. A stream that names no list (a page loaded before this) still hears every collection.

export const streamPath = '/api/v2/stream';

/** More than a page ever shows at once; a bound so one request cannot hold a huge subscription. */
export const maxStreamCollections = 20;

export const streamMessages = {
  collectionsInvalid: `collections must be a comma-separated list of at most ${maxStreamCollections} collection uids`,
} as const;

/** Lab-wide topics a page may hear: new orders (the Check-in desk), clients waiting (Customer Service). */
export type StreamTopic = 'intake' | 'customer_service';

/** The stream's path for a page that shows these collections (none: no collection frames) and topics. */
export const streamPathFor = (
  collectionUids: readonly string[],
  topics: readonly StreamTopic[] = [],
): string =>
  `${streamPath}?collections=${collectionUids.map(encodeURIComponent).join(',')}${topics.map((topic) => `&${topic}=1`).join('')}`;
