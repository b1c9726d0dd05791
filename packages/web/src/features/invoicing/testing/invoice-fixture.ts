import type { Invoice, InvoiceLine, ItemOptionSet } from '@lab/domain';
import { aCase, aCollection, collectionUid } from '../../../testing/records';

// The invoicing feature's records: collection 120034 with an upper case, a lower case by its teeth and a
// lower case by its dentate, on one open invoice with a fixed pricing-kit line and freight.

export const upperCase = aCase({ case_id: 501, case_mkey: '120034-01', job_type: 'Screw-Retained Bridge' });
export const lowerCase = aCase({ case_id: 502, case_mkey: '120034-02', job_type: 'Custom Abutment' });
export const lowerByDentate = aCase({ case_id: 503, case_mkey: '120034-03', job_type: 'Night Guard' });

export const billingCollection = aCollection({ cases: [upperCase, lowerCase, lowerByDentate] });

const aLine = (overrides: Partial<InvoiceLine>): InvoiceLine => ({
  case_mkey: null,
  case_id: null,
  dentate: null,
  description: 'Line',
  total_qty: '1.00',
  unit_price: '0.00',
  total_amount: '0.00',
  is_fixed: false,
  ...overrides,
});

export const invoiceLines: InvoiceLine[] = [
  aLine({
    case_mkey: '120034-01',
    case_id: 501,
    dentate: 'UPPER',
    description: 'Screw-Retained Bridge',
    unit_price: '400.00',
    total_amount: '400.00',
  }),
  aLine({
    case_mkey: '120034-02',
    case_id: 502,
    dentate: 'LOWER',
    description: 'Custom Abutment',
    unit_price: '250.00',
    total_amount: '250.00',
  }),
  aLine({
    case_mkey: '120034-03',
    case_id: 503,
    dentate: 'LOWER',
    description: 'Night Guard',
    total_qty: '2.00',
    unit_price: '100.00',
    total_amount: '200.00',
  }),
  aLine({ description: 'Pricing kit UPPER', unit_price: '150.00', total_amount: '150.00', is_fixed: true }),
];

export const anInvoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  invoice_number: 200001,
  invoice_group_invoice_number: 200001,
  invoice_group_main_case_mkey: '120034-01',
  invoice_group_uid: '30000000-0000-4000-8000-000000000001',
  case_number: 120034,
  case_collection_uid: collectionUid,
  patient_name: 'SMITH J',
  related_mkey_cases: ['120034-01', '120034-02', '120034-03'],
  related_case_details: [
    {
      case_mkey: '120034-01',
      case_id: 501,
      job_type_name: 'Screw-Retained Bridge',
      status: 'Dispatched',
      status_code: 'DISPATCHED',
      split_amount: null,
      dentate: 'UPPER',
      teeth: [11, 21],
    },
    {
      case_mkey: '120034-02',
      case_id: 502,
      job_type_name: 'Custom Abutment',
      status: 'Dispatched',
      status_code: 'DISPATCHED',
      split_amount: null,
      dentate: 'UPPER',
      teeth: [36],
    },
    {
      case_mkey: '120034-03',
      case_id: 503,
      job_type_name: 'Night Guard',
      status: 'Dispatched',
      status_code: 'DISPATCHED',
      split_amount: null,
      dentate: 'LOWER',
      teeth: [],
    },
  ],
  purchase_order_number: null,
  shipping_client_name: 'Bayside Dental',
  shipping_address: aCollection().shipping_address,
  courier: 'StarTrack',
  billing_client_name: 'Bayside Dental Group',
  billing_invoice_email: 'accounts@bayside.example',
  client_email_address: 'front@bayside.example',
  bill_to_credit_limit: '5000.00',
  bill_to_current_balance: '1234.50',
  invoice_platform: 'OEP',
  currency: 'AUD',
  finalised: false,
  manually_invoiced: false,
  invoice_date: null,
  ready_to_finalise: true,
  split_invoice_allowed: true,
  is_cash_customer: false,
  freight: '15.00',
  lines: invoiceLines,
  total: '1015.00',
  tax_name: 'GST',
  tax_percent: 10,
  tax: '101.50',
  amount_due: '1116.50',
  errors: [],
  ...overrides,
});

/** 120034-01 has a fixed $25 option (selected) and a 10 % one; the other cases have none. */
export const optionSets: ItemOptionSet[] = [
  {
    case_id: 501,
    case_mkey: '120034-01',
    options: [
      { description: 'Rush fee', is_selected: true, amount: 2500, is_percentage: false, case_id: 501 },
      { description: 'Gold finish', is_selected: false, amount: 10, is_percentage: true, case_id: 501 },
    ],
  },
  { case_id: 502, case_mkey: '120034-02', options: [] },
  { case_id: 503, case_mkey: '120034-03', options: [] },
];
