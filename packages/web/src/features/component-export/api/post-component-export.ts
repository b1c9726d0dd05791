import { useMutation } from '@tanstack/react-query';
import type { ComponentExportBody } from '@lab/domain';
import { ApiError, apiClient, apiErrorFrom } from '../../../lib/api-client';

/**
 * POST /proxy/nexus_connect/exports/: the answer is the zip itself, so it is read as a Blob (the api
 * client reads JSON); errors keep the server's `{error: {code, message}}`.
 */
export const postComponentExport = async (body: ComponentExportBody): Promise<Blob> => {
  const token = await apiClient.getToken();
  let response: Response;
  try {
    response = await fetch('/proxy/nexus_connect/exports/', {
      method: 'POST',
      headers: {
        Accept: 'application/zip',
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The server could not be reached');
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    throw apiErrorFrom(response.status, data);
  }
  return response.blob();
};

export const usePostComponentExport = () => useMutation({ mutationFn: postComponentExport });
