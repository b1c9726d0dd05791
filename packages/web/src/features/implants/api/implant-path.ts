export const implantPath = (caseUid: string, implantId: number): string =>
  `/api/v2/case/${encodeURIComponent(caseUid)}/implants/${implantId}/`;
