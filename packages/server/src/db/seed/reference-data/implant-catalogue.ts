import type { BranchName } from './lists';

// The demo implant catalogue: platforms with their default screws and ti-bases, the stocked parts
// (attachments, analogs, scan bodies, healing caps, generic parts) and kits. Codes follow the warehouse's
// style (PREFIX-MAKER-SIZE) so stock look-ups and pick lists read like the real thing.

export type PartSpec = { code: string; name: string; enabled?: boolean };

export type PlatformSpec = {
  name: string;
  manufacturer: string;
  to_tibase: boolean;
  library_id: string;
  scan_body_type: string;
  enabled?: boolean;
  straight: PartSpec;
  /** No default bi-axial screw: choosing bi-axial then needs a non-default screw. */
  biaxial?: PartSpec;
  tibase?: PartSpec;
  /** Markets the platform is NOT offered in, so the catalogue differs by branch and country. */
  notInCountries?: ('AU' | 'NZ')[];
  notAtBranches?: BranchName[];
  onlyIn?: { branch: BranchName; country: 'AU' | 'NZ' }[];
};

export const platformList: PlatformSpec[] = [
  {
    name: 'Nobel Biocare CC NP',
    manufacturer: 'Nobel Biocare',
    to_tibase: true,
    library_id: 'NB-CC-NP',
    scan_body_type: 'Elos IO 1B-A',
    straight: { code: 'SCR-NB-CCNP', name: 'NobelActive CC NP Prosthetic Screw' },
    biaxial: { code: 'SCR-NB-CCNP-ASC', name: 'NobelActive CC NP Omnigrip ASC Screw' },
    tibase: { code: 'TIB-NB-CCNP', name: 'Nobel CC NP Ti-Base 1.5 mm' },
  },
  {
    name: 'Nobel Biocare CC RP',
    manufacturer: 'Nobel Biocare',
    to_tibase: true,
    library_id: 'NB-CC-RP',
    scan_body_type: 'Elos IO 2B-A',
    straight: { code: 'SCR-NB-CCRP', name: 'NobelActive CC RP Prosthetic Screw' },
    biaxial: { code: 'SCR-NB-CCRP-ASC', name: 'NobelActive CC RP Omnigrip ASC Screw' },
    tibase: { code: 'TIB-NB-CCRP', name: 'Nobel CC RP Ti-Base 1.5 mm' },
  },
  {
    name: 'Nobel Biocare Multi-unit RP',
    manufacturer: 'Nobel Biocare',
    to_tibase: false,
    library_id: 'NB-MUA-RP',
    scan_body_type: 'Elos IO MUA',
    straight: { code: 'SCR-NB-MUA', name: 'Multi-unit Prosthetic Screw RP' },
    biaxial: { code: 'SCR-NB-MUA-ASC', name: 'Multi-unit Omnigrip ASC Screw RP' },
  },
  {
    name: 'Straumann BLT RC',
    manufacturer: 'Straumann',
    to_tibase: true,
    library_id: 'STR-BL-RC',
    scan_body_type: 'Straumann CARES Mono RC',
    straight: { code: 'SCR-STR-RC', name: 'Straumann RC Basal Screw' },
    biaxial: { code: 'SCR-STR-RC-AS', name: 'Straumann RC Angled Screw (TorcFit)' },
    tibase: { code: 'TIB-STR-RC', name: 'Straumann Variobase RC' },
  },
  {
    name: 'Straumann BLT NC',
    manufacturer: 'Straumann',
    to_tibase: true,
    library_id: 'STR-BL-NC',
    scan_body_type: 'Straumann CARES Mono NC',
    straight: { code: 'SCR-STR-NC', name: 'Straumann NC Basal Screw' },
    tibase: { code: 'TIB-STR-NC', name: 'Straumann Variobase NC' },
  },
  {
    name: 'Straumann SRA',
    manufacturer: 'Straumann',
    to_tibase: false,
    library_id: 'STR-SRA',
    scan_body_type: 'Straumann SRA Scan Body',
    straight: { code: 'SCR-STR-SRA', name: 'Straumann SRA Occlusal Screw' },
  },
  {
    name: 'Neodent GM',
    manufacturer: 'Neodent',
    to_tibase: true,
    library_id: 'NEO-GM',
    scan_body_type: 'Neodent GM Scan Body',
    straight: { code: 'SCR-NEO-GM', name: 'Neodent GM Exact Screw' },
    biaxial: { code: 'SCR-NEO-GM-AS', name: 'Neodent GM Angled Screw' },
    tibase: { code: 'TIB-NEO-GM', name: 'Neodent GM Titanium Base' },
    notInCountries: ['NZ'],
  },
  {
    name: 'Zimmer TSV',
    manufacturer: 'ZimVie',
    to_tibase: true,
    library_id: 'ZIM-TSV',
    scan_body_type: 'Elos IO 5C',
    straight: { code: 'SCR-ZIM-TSV', name: 'Zimmer TSV Abutment Screw' },
    tibase: { code: 'TIB-ZIM-TSV', name: 'Zimmer TSV Ti-Base 3.5' },
    notAtBranches: ['Auckland'],
  },
  {
    name: 'BioHorizons Tapered Internal 3.5',
    manufacturer: 'BioHorizons',
    to_tibase: true,
    library_id: 'BIO-TI-35',
    scan_body_type: 'Elos IO 7A',
    straight: { code: 'SCR-BIO-35', name: 'BioHorizons 3.5 Abutment Screw' },
    biaxial: { code: 'SCR-BIO-35-ASC', name: 'BioHorizons 3.5 ASC Screw' },
    tibase: { code: 'TIB-BIO-35', name: 'BioHorizons 3.5 Ti-Base' },
  },
  {
    name: 'Astra Tech EV 4.2',
    manufacturer: 'Dentsply Sirona',
    to_tibase: true,
    library_id: 'AST-EV-42',
    scan_body_type: 'Elos IO 4B',
    straight: { code: 'SCR-AST-EV42', name: 'Astra EV 4.2 Abutment Screw' },
    biaxial: { code: 'SCR-AST-EV42-AS', name: 'Astra EV 4.2 Angled Screw' },
    tibase: { code: 'TIB-AST-EV42', name: 'Astra EV 4.2 TiBase' },
  },
  {
    name: 'Astra Tech EV 3.6',
    manufacturer: 'Dentsply Sirona',
    to_tibase: true,
    library_id: 'AST-EV-36',
    scan_body_type: 'Elos IO 4A',
    straight: { code: 'SCR-AST-EV36', name: 'Astra EV 3.6 Abutment Screw' },
    tibase: { code: 'TIB-AST-EV36', name: 'Astra EV 3.6 TiBase' },
    notInCountries: ['NZ'],
  },
  {
    name: 'Osstem TS III Regular',
    manufacturer: 'Osstem',
    to_tibase: true,
    library_id: 'OSS-TS3-R',
    scan_body_type: 'Osstem TS Scan Body',
    straight: { code: 'SCR-OSS-TS3', name: 'Osstem TS III Abutment Screw' },
    tibase: { code: 'TIB-OSS-TS3', name: 'Osstem TS Link Abutment' },
    onlyIn: [{ branch: 'Auckland', country: 'NZ' }],
  },
  {
    // Withdrawn from the range: still listed (enabled false) so old implants show 'Not Available'.
    name: 'MIS C1 Conical NP',
    manufacturer: 'MIS',
    to_tibase: true,
    library_id: 'MIS-C1-NP',
    scan_body_type: 'MIS C1 Scan Post',
    enabled: false,
    straight: { code: 'SCR-MIS-C1NP', name: 'MIS C1 NP Abutment Screw', enabled: false },
    tibase: { code: 'TIB-MIS-C1NP', name: 'MIS C1 NP Ti-Base', enabled: false },
  },
];

/** Non-default screws and ti-bases offered everywhere (chosen when the default does not fit). */
export const extraScrews: PartSpec[] = [
  { code: 'SCR-GEN-M16L', name: 'Generic M1.6 Prosthetic Screw (Long)' },
  { code: 'SCR-GEN-M14-BA', name: 'Universal M1.4 Bi-Axial Screw' },
  { code: 'SCR-GOLD-M16', name: 'Legacy Gold Screw M1.6', enabled: false },
];
export const extraTibases: PartSpec[] = [
  { code: 'TIB-DESS-UNI40', name: 'Dess Universal Ti-Base 4.0' },
  { code: 'TIB-GEN-ENG', name: 'Generic Engaging Ti-Base 1.0 mm' },
];
