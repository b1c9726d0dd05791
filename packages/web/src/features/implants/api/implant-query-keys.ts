// The implants list and the catalogue a form chooses from; both are per case / per market.
export const caseImplantsQueryKey = (caseUid: string) => ['implants', caseUid] as const;

export const implantCatalogueQueryKey = (
  kind: 'platforms' | 'screws' | 'tibases',
  branch: number,
  country: string,
) => ['implant-catalogue', kind, branch, country] as const;
