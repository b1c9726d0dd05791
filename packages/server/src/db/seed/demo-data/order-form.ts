import { chance, pick, type CaseInfo, type CollectionInfo, type Generator } from './generator';

// Order forms as the ordering platforms send them: basic information, the implants list, per-arch option
// tables and pre-op details, plus the keys the screens hide (solution, attachments, oep_api_secret,
// client, agree, parent_case_id, tag).

const archOptions = (g: Generator) => ({
  design: pick(g, ['Screw-retained', 'Cement-retained on custom abutments', 'Bar with overdenture']),
  gingiva: pick(g, ['Pink composite', 'Pink porcelain', 'None']),
  tooth_setup: pick(g, ['Monolithic zirconia', 'Layered zirconia', 'Denture teeth on titanium']),
  occlusion: pick(g, ['Group function', 'Canine guidance', 'Balanced']),
  opposing: pick(g, ['Natural dentition', 'Denture', 'Implant bridge']),
});

const sourceReference = (g: Generator, platform: string): string =>
  platform === 'oep'
    ? `OEP-${g.f.string.numeric(7)}`
    : platform === 'nexus_ios'
      ? `NX-${g.f.string.hexadecimal({ length: 8, prefix: '' })}`
      : `NCL-${g.f.string.numeric(6)}`;

const formFor = (g: Generator, col: CollectionInfo, cases: CaseInfo[]) => {
  const implants = cases.flatMap((c) => c.implants);
  const upper =
    implants.some((i) => i.tooth < 30) ||
    cases.some((c) => c.row.dentate === 'UPPER' || c.row.dentate === 'BOTH');
  const lower =
    implants.some((i) => i.tooth > 30) ||
    cases.some((c) => c.row.dentate === 'LOWER' || c.row.dentate === 'BOTH');
  const first = cases[0];
  return {
    patient_name: col.patientReference,
    case_type: cases.map((c) => c.jobType.name).join(', '),
    shade: pick(g, ['A1', 'A2', 'A3', 'B1', 'BL2', 'C2']),
    material: first?.jobType.spec.materials[0] ?? 'Not specified',
    scan_type: pick(g, ['Intraoral scan', 'Desktop scan of impressions', 'Scan gauge']),
    requested_delivery: first?.row.date_promised?.toISOString().slice(0, 10) ?? 'Standard turnaround',
    implants: implants.map((i) => ({
      tooth: i.tooth,
      name: i.platform?.name ?? 'Pontic',
      implant_platform: i.platform?.name ?? null,
      scan_body_type: i.platform?.scan_body_type ?? null,
      biAxial: i.biaxial,
    })),
    ...(upper ? { upper_options: archOptions(g) } : {}),
    ...(lower ? { lower_options: archOptions(g) } : {}),
    preop_options: {
      extractions_planned: pick(g, ['No', 'Yes — at surgery', 'Already healed']),
      existing_prosthesis: pick(g, ['None', 'Complete denture', 'Partial denture']),
      smile_line: pick(g, ['Low', 'Medium', 'High']),
      vertical_dimension: pick(g, ['Keep existing', 'Open 2 mm', 'Per bite registration']),
    },
    notes: chance(g, 40) ? 'Please call the clinic before dispatch.' : '',
    solution: pick(g, ['implant-bridge', 'single-unit', 'full-arch']),
    attachments: [],
    oep_api_secret: 'not-a-secret-demo-value',
    client: { id: col.client.id, name: col.client.name },
    agree: true,
    parent_case_id: null,
    tag: 'v2',
  };
};

export const planOrderForms = (g: Generator, col: CollectionInfo): void => {
  if (!chance(g, 85)) return;
  const first = col.cases[0];
  if (!first) return;
  // The iOS scanning app sends one form for the whole order; the other platforms one per component.
  const groups = col.platform === 'nexus_ios' ? [col.cases] : col.cases.map((c) => [c]);
  for (const cases of groups) {
    g.rows.orderForms.push({
      collection_uid: col.uid,
      case_uid: cases.length === 1 ? (cases[0]?.uid ?? null) : null,
      json_data: formFor(g, col, cases),
      source_platform: col.platform,
      source_reference: sourceReference(g, col.platform),
      created_at: new Date(Math.min(...cases.map((c) => c.start))),
    });
  }
};
