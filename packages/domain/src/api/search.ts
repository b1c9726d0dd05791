import { z } from 'zod';
import { nullableIsoDateTime } from './common';

export const searchMinimumLength = 2;
/** The footer's global Case Search needs a keyword longer than 2 characters (collection-views §5, §9). */
export const globalSearchMinimumLength = 3;

export const searchMessages = {
  keywordTooShort: `Keyword must be at least ${searchMinimumLength} characters`,
  nothingFound: 'We found nothing',
} as const;

/** POST /api/v2/collections/ and POST /api/v2/client/search/ */
export const keywordSearchSchema = z.object({
  keyword: z
    .string({ message: searchMessages.keywordTooShort })
    .trim()
    .min(searchMinimumLength, { message: searchMessages.keywordTooShort })
    .max(200, { message: 'Keyword is too long' }),
});

/** One row of the search results and of the active collections table. */
export const collectionSearchResultSchema = z.object({
  uid: z.uuid(),
  collection_id: z.number().int(),
  country: z.string(),
  client_name: z.string(),
  patient_reference: z.string(),
  first_case_start_time: nullableIsoDateTime,
  last_case_start_time: nullableIsoDateTime,
  active: z.boolean(),
  case_count: z.number().int(),
});
export type CollectionSearchResult = z.infer<typeof collectionSearchResultSchema>;

export const clientSearchResultSchema = z.object({
  id: z.number().int(),
  uid: z.uuid(),
  name: z.string(),
  country: z.string(),
  patient_count: z.number().int(),
  case_count: z.number().int(),
});
export type ClientSearchResult = z.infer<typeof clientSearchResultSchema>;
