import type { ChipProps } from '@mui/material/Chip';
import {
  partnerDesignTypeCodes,
  partnerDesignTypes,
  partnerPagePath,
  type IntegratedRequestState,
  type OutsourceJobStatus,
  type PartnerAdapterType,
  type PartnerDesignTypeCode,
} from '@lab/domain';

// How the Outsourcing tab shows a job and an integrated request (case-workspace §4 'Outsource job status',
// 'Integrated request state').

export const jobStatusColors: Record<OutsourceJobStatus, ChipProps['color']> = {
  Complete: 'success',
  Review: 'info',
  Overdue: 'error',
  'In Progress': 'primary',
  'Not Started': 'default',
  // A preemptive job: waiting to be started, or ended before it was.
  Pending: 'warning',
  Canceled: 'default',
};

export const requestStateColors: Record<IntegratedRequestState, ChipProps['color']> = {
  'Queued to Send': 'default',
  Error: 'error',
  Sent: 'success',
};

/** The partner page's full address, for copying into an e-mail. */
export const shareLinkFor = (origin: string, outsourceKey: string): string =>
  `${origin}${partnerPagePath(outsourceKey)}`;

/** The integrated partner takes its jobs through the integrated form (§9 'Integrated adapter type: EVIDENT'). */
export const isIntegratedPartner = (partner: { adapter_type: PartnerAdapterType | null }): boolean =>
  partner.adapter_type === 'EVIDENT';

/** '205 · Screw-retained implant crown'. */
export const designTypeText = (code: PartnerDesignTypeCode): string =>
  `${code} · ${partnerDesignTypes[code].label}`;

const isDesignTypeCode = (value: unknown): value is PartnerDesignTypeCode =>
  (partnerDesignTypeCodes as readonly unknown[]).includes(value);

/** What an integrated request asked for, read from its stored payload (anything unexpected is left out). */
export const readRequestPayload = (
  payload: Record<string, unknown>,
): { designTypes: PartnerDesignTypeCode[]; instruction: string | null } => {
  const designTypes = Array.isArray(payload['DesignType'])
    ? payload['DesignType'].map(Number).filter(isDesignTypeCode)
    : [];
  const instruction = payload['Instruction'];
  return { designTypes, instruction: typeof instruction === 'string' && instruction ? instruction : null };
};
