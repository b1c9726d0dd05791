import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceLoadErrors, messageTypeSchema, type MessageType } from '@lab/domain';
import { apiClient } from '../../../lib/api-client';
import { loadErrorMeta } from '../../../lib/query-meta';
import { referenceQueryDefaults } from './reference-query-defaults';

export const getMessageTypes = (signal?: AbortSignal): Promise<MessageType[]> =>
  apiClient.get('/api/v2/messages/types/', messageTypeSchema.array(), signal);

export const messageTypesQueryOptions = () =>
  queryOptions({
    ...referenceQueryDefaults,
    queryKey: ['reference', 'messageTypes'],
    queryFn: ({ signal }) => getMessageTypes(signal),
    meta: loadErrorMeta(referenceLoadErrors.message_types),
  });

export const useMessageTypes = () => useQuery(messageTypesQueryOptions());
