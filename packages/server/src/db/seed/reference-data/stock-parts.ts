import type { PartSpec } from './implant-catalogue';

// Stocked parts that are not screws or ti-bases (component-line lists, scan bodies, healing caps) and the
// kits (scan gauge, client gauge, pricing).

export type StockPartSpec = PartSpec & {
  kind: 'attachment' | 'analog' | 'generic';
  component_type: string;
  description: string;
};

export const stockPartList: StockPartSpec[] = [
  {
    kind: 'attachment',
    component_type: 'Attachment',
    code: 'ATT-LOC-2',
    name: 'Locator Abutment 2 mm',
    description: 'Zest Locator, 2 mm cuff',
  },
  {
    kind: 'attachment',
    component_type: 'Attachment',
    code: 'ATT-LOC-3',
    name: 'Locator Abutment 3 mm',
    description: 'Zest Locator, 3 mm cuff',
  },
  {
    kind: 'attachment',
    component_type: 'Attachment',
    code: 'ATT-LOC-RTX',
    name: 'Locator R-Tx Attachment',
    description: 'Locator R-Tx with housing',
  },
  {
    kind: 'attachment',
    component_type: 'Attachment',
    code: 'ATT-EQU',
    name: 'Equator Abutment',
    description: 'Rhein83 Equator profile',
  },
  {
    kind: 'attachment',
    component_type: 'Attachment',
    code: 'ATT-HADER-Y',
    name: 'Hader Bar Clip (Yellow)',
    description: 'Light retention, pack of 2',
  },
  {
    kind: 'attachment',
    component_type: 'Attachment',
    code: 'ATT-OT-CAP',
    name: 'Rhein83 OT Cap Housing',
    description: 'Stainless housing with caps',
  },
  {
    kind: 'analog',
    component_type: 'Analog',
    code: 'ANA-NB-CCNP',
    name: 'Nobel CC NP Implant Analog',
    description: 'Digital analog for printed models',
  },
  {
    kind: 'analog',
    component_type: 'Analog',
    code: 'ANA-NB-CCRP',
    name: 'Nobel CC RP Implant Analog',
    description: 'Digital analog for printed models',
  },
  {
    kind: 'analog',
    component_type: 'Analog',
    code: 'ANA-NB-MUA',
    name: 'Multi-unit Analog RP',
    description: 'Multi-unit abutment analog',
  },
  {
    kind: 'analog',
    component_type: 'Analog',
    code: 'ANA-STR-RC',
    name: 'Straumann RC Repositionable Analog',
    description: 'For printed models',
  },
  {
    kind: 'analog',
    component_type: 'Analog',
    code: 'ANA-STR-NC',
    name: 'Straumann NC Repositionable Analog',
    description: 'For printed models',
  },
  {
    kind: 'analog',
    component_type: 'Analog',
    code: 'ANA-NEO-GM',
    name: 'Neodent GM Digital Analog',
    description: 'For printed models',
  },
  {
    kind: 'analog',
    component_type: 'Analog',
    code: 'ANA-AST-EV42',
    name: 'Astra EV 4.2 Implant Replica',
    description: 'For printed models',
  },
  {
    kind: 'generic',
    component_type: 'Scan Body',
    code: 'SB-ELOS-1B',
    name: 'Elos IO 1B Scan Body',
    description: 'Intraoral scan body',
  },
  {
    kind: 'generic',
    component_type: 'Scan Body',
    code: 'SB-ELOS-2B',
    name: 'Elos IO 2B Scan Body',
    description: 'Intraoral scan body',
  },
  {
    kind: 'generic',
    component_type: 'Scan Body',
    code: 'SB-NEO-GM',
    name: 'Neodent GM Scan Body',
    description: 'Intraoral scan body',
  },
  {
    kind: 'generic',
    component_type: 'Scan Body',
    code: 'SB-STR-RC',
    name: 'Straumann CARES Mono Scan Body RC',
    description: 'Intraoral scan body',
  },
  {
    kind: 'generic',
    component_type: 'Healing Cap',
    code: 'HC-GM-45',
    name: 'Healing Cap GM 4.5 × 3.5',
    description: 'Titanium healing abutment',
  },
  {
    kind: 'generic',
    component_type: 'Healing Cap',
    code: 'HC-MUA-RP',
    name: 'Multi-unit Healing Cap RP',
    description: 'Titanium healing cap',
  },
  {
    kind: 'generic',
    component_type: 'Generic',
    code: 'GEN-LOC-PROC',
    name: 'Locator Processing Caps (4 pk)',
    description: 'Black processing caps',
  },
  {
    kind: 'generic',
    component_type: 'Generic',
    code: 'GEN-BLOCKOUT',
    name: 'Block-out Spacers (20 pk)',
    description: 'White block-out rings',
  },
  {
    kind: 'generic',
    component_type: 'Generic',
    code: 'GEN-TEMP-CYL',
    name: 'Temporary Titanium Cylinder',
    description: 'Non-engaging',
  },
  {
    kind: 'generic',
    component_type: 'Scan Body',
    code: 'SB-OLD-NB',
    name: 'Nobel Scan Body (old style)',
    description: 'Superseded by Elos IO',
    enabled: false,
  },
];

export type KitSpec = {
  code: string;
  name: string;
  kind: 'SCAN_GAUGE' | 'PRICING' | 'CLIENT_GAUGE';
  implant_qty: number;
  kit_box_display: string;
  enabled?: boolean;
};

export const kitList: KitSpec[] = [
  {
    code: 'SGK-NB-CC4',
    name: 'Scan Gauge Kit – Nobel CC (4)',
    kind: 'SCAN_GAUGE',
    implant_qty: 4,
    kit_box_display: 'SG-A1',
  },
  {
    code: 'SGK-NB-CC6',
    name: 'Scan Gauge Kit – Nobel CC (6)',
    kind: 'SCAN_GAUGE',
    implant_qty: 6,
    kit_box_display: 'SG-A2',
  },
  {
    code: 'SGK-NB-MUA4',
    name: 'Scan Gauge Kit – Multi-unit (4)',
    kind: 'SCAN_GAUGE',
    implant_qty: 4,
    kit_box_display: 'SG-B1',
  },
  {
    code: 'SGK-STR-BLT4',
    name: 'Scan Gauge Kit – Straumann BLT (4)',
    kind: 'SCAN_GAUGE',
    implant_qty: 4,
    kit_box_display: 'SG-C1',
  },
  {
    code: 'SGK-NEO-GM4',
    name: 'Scan Gauge Kit – Neodent GM (4)',
    kind: 'SCAN_GAUGE',
    implant_qty: 4,
    kit_box_display: 'SG-D1',
  },
  {
    code: 'SGK-LEGACY',
    name: 'Scan Gauge Kit – Legacy',
    kind: 'SCAN_GAUGE',
    implant_qty: 4,
    kit_box_display: 'SG-Z9',
    enabled: false,
  },
  {
    code: 'CGK-BOX-01',
    name: 'Client Gauge Kit – Box 01',
    kind: 'CLIENT_GAUGE',
    implant_qty: 4,
    kit_box_display: 'Box 01',
  },
  {
    code: 'CGK-BOX-02',
    name: 'Client Gauge Kit – Box 02',
    kind: 'CLIENT_GAUGE',
    implant_qty: 4,
    kit_box_display: 'Box 02',
  },
  {
    code: 'CGK-BOX-03',
    name: 'Client Gauge Kit – Box 03',
    kind: 'CLIENT_GAUGE',
    implant_qty: 6,
    kit_box_display: 'Box 03',
  },
  {
    code: 'CGK-BOX-04',
    name: 'Client Gauge Kit – Box 04',
    kind: 'CLIENT_GAUGE',
    implant_qty: 6,
    kit_box_display: 'Box 04',
  },
  { code: 'PRK-AO4', name: 'All-on-4 Pricing Kit', kind: 'PRICING', implant_qty: 4, kit_box_display: '' },
  { code: 'PRK-AO6', name: 'All-on-6 Pricing Kit', kind: 'PRICING', implant_qty: 6, kit_box_display: '' },
  {
    code: 'PRK-SINGLE',
    name: 'Single Unit Pricing Kit',
    kind: 'PRICING',
    implant_qty: 1,
    kit_box_display: '',
  },
  {
    code: 'PRK-OVD2',
    name: 'Overdenture (2 implant) Pricing Kit',
    kind: 'PRICING',
    implant_qty: 2,
    kit_box_display: '',
  },
];
