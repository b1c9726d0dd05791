import type { ClientRef } from './clients';
import type { JobTypeRef, StatusRef } from './context';
import { addAuditEvent, addMessage } from './activity';
import {
  between,
  chance,
  isActiveParent,
  newKey,
  newUid,
  pick,
  pickEmployee,
  type Branch,
  type CaseInfo,
  type CollectionInfo,
  type Generator,
} from './generator';
import { planOrderForms } from './order-form';
import { planApprovals, planOutsources } from './plan-approvals';
import { planDispatches, planInvoices, planPricingKits } from './plan-billing';
import { planCase, type CaseSpec } from './plan-case';
import { planCaseHistory } from './plan-history';
import { planCaseMessages, planCollectionMessages } from './plan-messages';
import { availablePlatforms, planComponentLines, planImplants, planPickingSlips } from './plan-parts';
import { DAY, HOUR } from './schedule';
import { planSharedLots } from './shared-lots';
import { patientReference } from '../names';

// One collection (an order for one patient) with 1–6 cases across the statuses, and — at demo detail —
// everything its screens show. About a quarter of collections are archived (every case dispatched or
// cancelled).

const statusWeights: Record<string, number> = {
  Ordered: 3,
  'Awaiting Scan': 3,
  'On Hold': 1,
  'Awaiting Status Allocation': 5,
  'Design In Progress': 8,
  'Design Outsourced': 3,
  'Awaiting Client Approval': 5,
  'Design Changes Requested': 2,
  Programming: 4,
  Machining: 4,
  Sintering: 2,
  Polishing: 4,
  'Staining & Glazing': 2,
  'Quality Control': 3,
  'Ready for Dispatch': 3,
  Dispatched: 7,
  Cancelled: 1,
};

const jobTypeWeights: Record<string, number> = {
  'Screw-Retained Bridge': 14,
  'Full Arch Hybrid Bridge': 10,
  'Implant Bar': 6,
  'Custom Abutment': 10,
  'Screw-Retained Crown': 12,
  Overdenture: 5,
  'Try-In': 9,
  'Provisional Bridge': 5,
  'Design Only': 7,
  'Surgical Guide': 6,
  'Scan Gauge': 3,
  Nightguard: 4,
};

const caseCountWeights = [35, 30, 17, 9, 5, 4];

export type Pools = {
  statuses: { weight: number; value: StatusRef }[];
  jobTypes: { weight: number; value: JobTypeRef }[];
  clients: ClientRef[];
};

export const poolsFor = (g: Pick<Generator, 'ref' | 'clients'>): Pools => ({
  statuses: g.ref.statuses.map((s) => ({ weight: statusWeights[s.name] ?? 1, value: s })),
  jobTypes: g.ref.jobTypes.map((j) => ({ weight: jobTypeWeights[j.name] ?? 1, value: j })),
  // Some practices send far more work than others.
  clients: g.clients
    .filter((c) => !c.is_group_account)
    .flatMap((c, i) => Array<ClientRef>(i % 6 === 0 ? 6 : i % 3 === 0 ? 3 : 1).fill(c)),
});

/** AU work is made in Melbourne or Sydney, NZ work in Auckland. */
const branchFor = (g: Generator, client: ClientRef): Branch => {
  const name = client.country === 'NZ' ? 'Auckland' : chance(g, 68) ? 'Melbourne' : 'Sydney';
  return g.ref.branches.find((b) => b.name === name) ?? pick(g, g.ref.branches);
};

const dentateFor = (g: Generator, jobType: JobTypeRef): CaseSpec['dentate'] => {
  if (jobType.spec.implants[1] === 0)
    return jobType.name === 'Scan Gauge' ? pick(g, ['NONE', 'NONE', null]) : pick(g, ['UPPER', 'LOWER']);
  return g.f.helpers.weightedArrayElement([
    { weight: 45, value: 'UPPER' as const },
    { weight: 35, value: 'LOWER' as const },
    { weight: 6, value: 'BOTH' as const },
    { weight: 14, value: null },
  ]);
};

/** A virtual product never goes to production or the lab. */
const fitStatus = (g: Generator, status: StatusRef, jobType: JobTypeRef): StatusRef =>
  jobType.virtual && (status.parent_name === 'IN PRODUCTION' || status.parent_name === 'IN LAB')
    ? g.ref.status('Design In Progress')
    : status;

export const planCollection = (g: Generator, pools: Pools, index: number): void => {
  // Reseeded per collection: collection N looks the same whatever happened in the ones before it.
  g.f.seed([g.seed, index]);
  const client = pick(g, pools.clients);
  const branch = branchFor(g, client);
  const uid = newUid();
  const col: CollectionInfo = {
    uid,
    client,
    branch,
    platform: g.f.helpers.weightedArrayElement([
      { weight: 70, value: 'oep' as const },
      { weight: 20, value: 'nexus_ios' as const },
      { weight: 10, value: 'nclab' as const },
    ]),
    patientReference: patientReference(g.f),
    implantPlatform: null,
    cases: [],
  };
  const offered = availablePlatforms(g, col);
  col.implantPlatform = offered.length > 0 ? pick(g, offered) : null;

  // The first collections walk through every status so even a small seed shows each one.
  const forced = index < g.ref.statuses.length ? g.ref.statuses[index] : undefined;
  const archived = forced ? !isActiveParent(forced.parent_name) : chance(g, 25);
  const archivedAgeDays = archived ? between(g, 10, 420) : null;
  const caseCount = g.f.helpers.weightedArrayElement(
    caseCountWeights.map((weight, i) => ({ weight, value: i + 1 })),
  );
  const grouped = caseCount >= 2 && chance(g, 35);

  // Every case's status, job type and dentate is drawn before any dates are: the details below consume
  // random numbers depending on how now falls in the week, and the shape must not depend on that.
  const specs: CaseSpec[] = [];
  for (let ordinal = 1; ordinal <= caseCount; ordinal += 1) {
    const earlierDispatched = specs.find((c) => c.status.parent_name === 'DISPATCHED' && !c.redoOf);
    const redoOf = earlierDispatched && chance(g, 15) ? earlierDispatched : null;
    const jobType = redoOf ? redoOf.jobType : g.f.helpers.weightedArrayElement(pools.jobTypes);
    let status: StatusRef;
    if (ordinal === 1 && forced) status = forced;
    else if (archived) status = chance(g, 85) ? g.ref.status('Dispatched') : g.ref.status('Cancelled');
    else status = g.f.helpers.weightedArrayElement(pools.statuses);
    status = fitStatus(g, status, jobType);
    if (
      !archived &&
      ordinal === caseCount &&
      [...specs.map((c) => c.status), status].every((s) => !isActiveParent(s.parent_name))
    ) {
      // An active collection keeps at least one active case.
      status = g.ref.status('Design In Progress');
    }
    specs.push({
      ordinal,
      status,
      jobType,
      groupNumber: grouped ? (ordinal <= 2 || caseCount < 4 ? 1 : 2) : null,
      redoOf,
      archivedAgeDays,
      dentate: redoOf ? redoOf.dentate : dentateFor(g, jobType),
    });
  }
  for (const spec of specs) {
    const info = planCase(g, col, spec, spec.redoOf ? col.cases[spec.redoOf.ordinal - 1] : undefined);
    planImplants(g, col, info);
    col.cases.push(info);
    if (g.detail === 'demo') planCaseDetail(g, col, info);
  }

  const added = Math.min(...col.cases.map((c) => c.row.added?.getTime() ?? g.now));
  const last = Math.max(...col.cases.map((c) => c.done.dispatched ?? c.done.cancelled ?? g.now - 5 * 60_000));
  const location = chance(g, archived ? 8 : 35)
    ? `${pick(g, ['A', 'B', 'C', 'D', 'R'])}-${String(g.f.number.int({ min: 1, max: 60 })).padStart(2, '0')}`
    : null;
  g.rows.collections.push({
    uid,
    patient_reference: col.patientReference,
    vip: chance(g, 5),
    shipping_client_id: client.id,
    billing_client_id: null,
    ordering_platform: col.platform,
    fulfillment_branch_id: branch.id,
    order_stage_id: orderStageFor(g, col, archived),
    portal_key: newKey(),
    new_folder_structure: chance(g, 80),
    location_required: location !== null,
    bin_location: location,
    bin_location_branch_id: location ? branch.id : null,
    created_by_id: pickEmployee(g, 'ADMIN', branch.name).id,
    added: new Date(added),
    updated_at: new Date(last),
  });
  const collectionRow = g.rows.collections[g.rows.collections.length - 1];
  if (g.detail === 'demo' && collectionRow?.vip) {
    addAuditEvent(g, {
      entity_type: 'collection',
      entity_id: uid,
      action: 'updated',
      at: added + between(g, 1, 12) * HOUR,
      collection_uid: uid,
      changed_values: { vip: { old: false, new: true } },
      actor: pickEmployee(g, 'ADMIN', branch.name),
    });
  }
  if (g.detail === 'bulk') {
    planBulkMessages(g, col, added);
    planSharedLots(g, col);
    // Billed as the demo is (without pricing kits), so the Accounts page is measured at scale.
    planInvoices(g, col, null, []);
    return;
  }
  const billing = chance(g, 10)
    ? g.clients.find((c) => c.is_group_account && c.country === client.country)
    : undefined;
  if (collectionRow && billing) collectionRow.billing_client_id = billing.id;
  planOrderForms(g, col);
  planCollectionMessages(g, col, added, last);
  planLocationAudit(g, col, location, added);
  const kits = planPricingKits(g, col);
  planDispatches(g, col);
  planInvoices(g, col, billing?.id ?? null, kits);
  planLinks(g, col);
};

const planCaseDetail = (g: Generator, col: CollectionInfo, info: CaseInfo): void => {
  const lines = planComponentLines(g, info);
  planPickingSlips(g, col, info, lines);
  planApprovals(g, col, info);
  planOutsources(g, col, info);
  planCaseMessages(g, col, info);
  planCaseHistory(g, col, info);
};

const orderStageFor = (g: Generator, col: CollectionInfo, archived: boolean): number | null => {
  const stage = (name: string) => g.ref.orderStages.get(name) ?? null;
  if (chance(g, 8)) return null;
  if (archived) return stage(chance(g, 70) ? 'Complete' : 'Awaiting Payment');
  const active = col.cases.filter((c) => isActiveParent(c.parent));
  const lowest = Math.min(...active.map((c) => c.stage));
  if (lowest <= 1)
    return stage(active.some((c) => c.status.name === 'Awaiting Scan') ? 'Awaiting Scan' : 'New Order');
  if (lowest === 2) return stage(chance(g, 30) ? 'Scan Received' : 'In Design');
  return stage('In Production');
};

const planLocationAudit = (
  g: Generator,
  col: CollectionInfo,
  location: string | null,
  added: number,
): void => {
  if (location === null && !chance(g, 5)) return;
  const moves = g.f.number.int({ min: 1, max: 3 });
  let at = added + between(g, 1, 24) * HOUR;
  for (let i = 0; i < moves && at < g.now; i += 1) {
    const last = i === moves - 1;
    const mover = pickEmployee(g, pick(g, ['ADMIN', 'POLISHING'] as const), col.branch.name);
    g.rows.locationAudit.push({
      collection_uid: col.uid,
      bin_location: last
        ? location
        : `${pick(g, ['A', 'B', 'C'])}-${String(g.f.number.int({ min: 1, max: 60 })).padStart(2, '0')}`,
      bin_location_branch_id: last && location === null ? null : col.branch.id,
      moved_at: new Date(at),
      moved_by_id: mover.id,
      moved_by: mover.username,
    });
    at += between(g, 2, 72) * HOUR;
  }
};

/** Related cases across a client's collections, and referrals between practices. */
const planLinks = (g: Generator, col: CollectionInfo): void => {
  const first = col.cases[0];
  const previous = g.lastCaseOfClient.get(col.client.id);
  if (first && previous && chance(g, 6)) {
    const created_at = new Date(first.start + HOUR);
    g.rows.relatedCases.push(
      { case_uid: first.uid, related_case_uid: previous, created_at },
      { case_uid: previous, related_case_uid: first.uid, created_at },
    );
  }
  if (first) g.lastCaseOfClient.set(col.client.id, first.uid);
  if (chance(g, 3)) {
    const other = pick(
      g,
      g.clients.filter((c) => c.id !== col.client.id && !c.is_group_account),
    );
    const roll = g.f.number.int({ min: 0, max: 99 });
    const created = (first?.start ?? g.now) - between(g, 1, 20) * DAY;
    g.rows.referrals.push({
      created_at: new Date(created),
      referrer_client_id: col.client.id,
      referree_identification: other.email ?? `${g.f.internet.username().toLowerCase()}@example.com`,
      referree_client_id: roll < 45 ? other.id : null,
      accepted_at: roll < 45 ? new Date(created + between(g, 1, 10) * DAY) : null,
      canceled_at: roll >= 45 && roll < 65 ? new Date(created + between(g, 1, 5) * DAY) : null,
      collection_uid: chance(g, 50) ? col.uid : null,
    });
  }
};

/** Bulk data: a note or a client message per collection, enough for the message lists to have rows. */
const planBulkMessages = (g: Generator, col: CollectionInfo, added: number): void => {
  const first = col.cases[0];
  if (first && chance(g, 70)) {
    addMessage(g, {
      collection_uid: col.uid,
      case_uid: first.uid,
      type: 'CASE_NOTE',
      note: 'Checked in, scans complete.',
      at: added + HOUR,
      author: pickEmployee(g, 'ADMIN', col.branch.name),
      direction: 'STATIC',
    });
  }
  if (chance(g, 40)) {
    addMessage(g, {
      collection_uid: col.uid,
      type: 'CLIENT_MESSAGE',
      note: 'Hi, could you confirm when this case will be dispatched?',
      at: added + 3 * HOUR,
      author: col.client.name,
      direction: 'INBOUND',
    });
  }
};
