import { addEmail } from './activity';
import {
  between,
  chance,
  newUid,
  pick,
  pickEmployee,
  type CaseInfo,
  type CollectionInfo,
  type Generator,
} from './generator';
import { courierFor, trackingNumber } from './plan-case';
import { DAY, HOUR } from './schedule';

// Dispatches of the physical cases that left the lab, and the collection's invoice: finalised for most
// archived collections, open while cases are still to come, manually invoiced for some cash customers,
// and now and then split into two invoices of one group.

const money = (n: number): string => n.toFixed(2);

export const planDispatches = (g: Generator, col: CollectionInfo): void => {
  const shipped = col.cases
    .filter((c) => c.done.dispatched !== undefined && !c.jobType.virtual)
    .sort((a, b) => (a.done.dispatched ?? 0) - (b.done.dispatched ?? 0));
  // Cases dispatched within a day of each other went in the same box.
  const groups: CaseInfo[][] = [];
  for (const info of shipped) {
    const current = groups.at(-1);
    const first = current?.[0]?.done.dispatched ?? -Infinity;
    if (current && (info.done.dispatched ?? 0) - first < DAY) current.push(info);
    else groups.push([info]);
  }
  for (const group of groups) {
    const uid = newUid();
    const at = Math.max(...group.map((c) => c.done.dispatched ?? 0));
    const tracking = trackingNumber(g, col.client.country);
    g.rows.dispatches.push({
      uid,
      collection_uid: col.uid,
      branch_id: col.branch.id,
      courier: courierFor(g, col.client.country),
      tracking_reference: tracking,
      shipping_address: col.client.address,
      dispatched_at: new Date(at),
      dispatched_by_id: pickEmployee(g, 'WAREHOUSE', col.branch.name).id,
    });
    for (const info of group) {
      info.row.tracking_number = tracking;
      g.rows.dispatchCases.push({ dispatch_uid: uid, case_uid: info.uid });
    }
    addEmail(g, {
      type: 'DISPATCH_CONFIRMATION',
      at: at + 10 * 60_000,
      recipient: col.client.email ?? 'reception@example.com',
      subject: `Your case for ${col.patientReference} is on its way`,
      collection_uid: col.uid,
      client_uid: col.client.uid,
    });
  }
};

// Sources as the server's invoice lines name them (invoiceLineSources): what each line was billed for.
type PlannedLine = {
  description: string;
  qty: number;
  unit: number;
  source: 'job_type' | 'implant' | 'option' | 'charge';
};

const caseLines = (g: Generator, info: CaseInfo): PlannedLine[] => {
  const base = info.jobType.price;
  const charge = info.row.redo_charge;
  const discount = Number(info.row.redo_discount_amount ?? 0);
  const price = charge === 'free' ? 0 : charge === 'discount' ? base * (1 - discount / 100) : base;
  const fixtures = info.implants.filter((i) => i.platform !== null).length;
  const lines: PlannedLine[] = [
    {
      description: `${info.jobType.name}${info.row.redo_type ? ' (redo)' : ''}`,
      qty: 1,
      unit: Math.round(price * 100) / 100,
      source: 'job_type',
    },
  ];
  if (fixtures > 1 && info.jobType.spec.product_class === 'Final Prosthesis') {
    lines.push({
      description: 'Additional implant positions',
      qty: fixtures - 1,
      unit: 95,
      source: 'charge',
    });
  }
  if (fixtures > 0 && !info.jobType.virtual)
    lines.push({ description: 'Prosthetic screws', qty: fixtures, unit: 38.5, source: 'implant' });
  if (info.implants.some((i) => i.tibaseId !== null)) {
    lines.push({
      description: 'Ti-bases',
      qty: info.implants.filter((i) => i.tibaseId !== null).length,
      unit: 65,
      source: 'implant',
    });
  }
  if (chance(g, 10))
    lines.push({ description: 'Express turnaround surcharge', qty: 1, unit: 150, source: 'charge' });
  return lines;
};

// Options only ever add to the bill (the spec gives them no sign): fixed dollars or a percent of the job.
const itemOptionChoices = [
  { description: 'Express turnaround (48 h)', amount: '150.00', is_percentage: false },
  { description: 'Additional shade characterisation', amount: '45.00', is_percentage: false },
  { description: 'Premium material upgrade', amount: '10.00', is_percentage: true },
  { description: 'After-hours courier', amount: '35.00', is_percentage: false },
];

/** The case's item options (some selected) and the lines the selected ones add, as the server bills them. */
const planItemOptions = (g: Generator, info: CaseInfo, jobTypeUnit: number): PlannedLine[] => {
  if (!chance(g, 60)) return [];
  const chosen = g.f.helpers.arrayElements(itemOptionChoices, { min: 1, max: 3 });
  const lines: PlannedLine[] = [];
  chosen.forEach((option, sort) => {
    const selected = chance(g, 40);
    g.rows.itemOptions.push({ case_uid: info.uid, ...option, is_selected: selected, sort });
    if (!selected) return;
    const amount = Number(option.amount);
    const unit = option.is_percentage ? Math.round(jobTypeUnit * amount) / 100 : amount;
    lines.push({ description: option.description, qty: 1, unit, source: 'option' });
  });
  return lines;
};

/** Rare invoice states happen at least once, so the Billing view has each of them to show. */
const firstTime = (g: Generator, state: string): boolean => {
  if (g.seen.has(state)) return false;
  g.seen.add(state);
  return true;
};

export const planInvoices = (
  g: Generator,
  col: CollectionInfo,
  billingClientId: number | null,
  kitIds: number[],
): void => {
  const billed = col.cases.filter((c) => c.done.dispatched !== undefined);
  if (billed.length === 0) return;
  const archived = col.cases.every((c) => c.parent === 'DISPATCHED' || c.parent === 'CANCELLED');
  const lastDispatch = Math.max(...billed.map((c) => c.done.dispatched ?? 0));
  const isCash = col.client.is_cash_customer;
  // One archived invoice of each kind stays open (ready to finalise) or is closed by hand.
  const keepOpen = archived && !isCash && firstTime(g, 'invoice:open-ready');
  const finalised = archived && !isCash && !keepOpen && chance(g, 75);
  const manual = archived && isCash && (firstTime(g, 'invoice:manual') || chance(g, 60));
  const finalisedAt = Math.min(g.now - HOUR, lastDispatch + between(g, 2, 72) * HOUR);
  const admin = g.staff.byUsername('admin');
  const split = billed.length > 1 && (firstTime(g, 'invoice:split') || chance(g, 10));
  const groupUid = newUid();
  const parts = split ? [billed.slice(0, -1), billed.slice(-1)] : [billed];
  const freight = col.client.country === 'NZ' ? 25 : 15;

  for (const [partIndex, cases] of parts.entries()) {
    const lines = cases.flatMap((info) => {
      const own = caseLines(g, info);
      const options = planItemOptions(g, info, own[0]?.unit ?? 0);
      return [...own, ...options].map((l) => ({ ...l, info }));
    });
    const kitLines =
      partIndex === 0
        ? kitIds.map((id) => g.ref.kits.find((k) => k.id === id)).flatMap((k) => (k ? [k] : []))
        : [];
    const total =
      lines.reduce((sum, l) => sum + l.qty * l.unit, 0) +
      kitLines.length * 250 +
      (partIndex === 0 ? freight : 0);
    g.rows.invoices.push({
      invoice_group_uid: groupUid,
      collection_uid: col.uid,
      shipping_client_id: col.client.id,
      billing_client_id: billingClientId,
      purchase_order_number: chance(g, 30) ? `PO-${g.f.string.numeric(6)}` : null,
      invoice_platform: col.platform === 'nexus_ios' ? 'NEXUS' : 'OEP',
      currency: col.client.country === 'NZ' ? 'NZD' : 'AUD',
      freight: partIndex === 0 ? money(freight) : '0',
      finalised,
      finalised_at: finalised ? new Date(finalisedAt) : null,
      finalised_by_id: finalised ? admin.id : null,
      finalised_snapshot: finalised
        ? {
            shipping_client_name: col.client.name,
            shipping_address: col.client.address,
            total: money(total),
            lines: lines.length + kitLines.length,
          }
        : null,
      invoice_date: finalised ? new Date(finalisedAt).toISOString().slice(0, 10) : null,
      manually_invoiced_at: manual ? new Date(finalisedAt) : null,
      manually_invoiced_by_id: manual ? admin.id : null,
      created_at: new Date(Math.min(...cases.map((c) => c.done.dispatched ?? g.now))),
      updated_at: new Date(finalised || manual ? finalisedAt : lastDispatch),
    });
    const invoiceIndex = g.rows.invoices.length - 1;
    for (const info of cases) g.rows.invoiceCases.push({ invoiceIndex, case_uid: info.uid });
    lines.forEach((l, sort) =>
      g.rows.invoiceLines.push({
        invoiceIndex,
        case_uid: l.info.uid,
        dentate: l.info.row.dentate ?? null,
        description: l.description,
        total_qty: money(l.qty),
        unit_price: money(l.unit),
        total_amount: money(l.qty * l.unit),
        source: l.source,
        sort,
      }),
    );
    kitLines.forEach((kit, i) =>
      g.rows.invoiceLines.push({
        invoiceIndex,
        description: kit.name,
        total_qty: '1.00',
        unit_price: '250.00',
        total_amount: '250.00',
        is_fixed: true,
        source: 'kit',
        sort: lines.length + i,
      }),
    );
  }
};

/** Pricing kits billed per arch on collections with full-arch work. */
export const planPricingKits = (g: Generator, col: CollectionInfo): number[] => {
  const fullArch = col.cases.find((c) => c.implants.length >= 4);
  if (!fullArch || !chance(g, 40)) return [];
  const kits = g.ref.kits.filter((k) => k.kind === 'PRICING');
  const fixtures = fullArch.implants.filter((i) => i.platform !== null).length;
  const kit = kits.find((k) => k.implant_qty === fixtures) ?? pick(g, kits);
  const dentate = (fullArch.implants[0]?.tooth ?? 11) > 30 ? 'LOWER' : 'UPPER';
  g.rows.pricingKits.push({
    collection_uid: col.uid,
    kit_id: kit.id,
    dentate,
    created_at: new Date(fullArch.start),
  });
  return [kit.id];
};
