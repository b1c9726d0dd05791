import { caseLabelLookupSchema, readScannedCaseKey, type CaseLabelLookup } from '@lab/domain';
import { apiClient, isApiError } from '../../../lib/api-client';

/**
 * Scan to open: when the text is a case key (what a case label's barcodes carry, or a full key typed),
 * GET /api/v2/case_labels/{case_mkey}/ says where the case is; null for any other text or an unknown key,
 * which then goes to the search as before.
 */
export const findScannedCase = async (text: string): Promise<CaseLabelLookup | null> => {
  const caseMkey = readScannedCaseKey(text);
  if (!caseMkey) return null;
  try {
    return await apiClient.get(`/api/v2/case_labels/${encodeURIComponent(caseMkey)}/`, caseLabelLookupSchema);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
};
