import { partnerDesignTypeCodes, type ApprovalTypeCode } from '@lab/domain';
import { approvalTypeList } from '../reference-data/lists';
import { addAuditEvent, addEmail, addFile, addMessage, addPush } from './activity';
import {
  between,
  chance,
  newKey,
  newUid,
  pick,
  pickEmployee,
  type CaseInfo,
  type CollectionInfo,
  type Generator,
} from './generator';
import { DAY, HOUR } from './schedule';
import { changeRequests, noteTexts } from './texts';

// Client approvals (pending, overdue, changes requested, approved, cancelled) with their files, messages
// and e-mails; and outsourcing to partner labs (planned, in progress, overdue, in review, completed),
// including requests through the integrated partner's adapter.

const approvalFileNames = [
  'design_front.png',
  'design_occlusal.png',
  'design_review.html',
  'design_export.stl',
];
const standardDue = new Map(approvalTypeList.map((a) => [a.code, a.standard_due_seconds * 1000]));

type ApprovalState = 'pending' | 'changes' | 'approved' | 'cancelled';

export const planApprovals = (g: Generator, col: CollectionInfo, info: CaseInfo): void => {
  const needsApproval = info.jobType.spec.product_class !== 'Other' || info.jobType.virtual;
  const states: ApprovalState[] = [];
  if (info.status.name === 'Awaiting Client Approval') states.push('pending');
  else if (info.status.name === 'Design Changes Requested') states.push('changes');
  else if (needsApproval && info.done.design && chance(g, 75)) states.push('approved');
  if (states.length > 0 && chance(g, 10)) states.unshift('cancelled');
  const type: ApprovalTypeCode = info.jobType.name === 'Try-In' ? 'TRY_IN_APPROVAL' : 'DESIGN_APPROVAL';
  let earliest = (info.done.metrology ?? info.start) + HOUR;
  for (const state of states) {
    const outsideEnvelope = state === 'approved' && chance(g, 4);
    earliest = addApproval(
      g,
      col,
      info,
      state,
      outsideEnvelope ? 'OUTSIDE_ENVELOPE_APPROVAL' : type,
      earliest,
    );
  }
};

const addApproval = (
  g: Generator,
  col: CollectionInfo,
  info: CaseInfo,
  state: ApprovalState,
  type: ApprovalTypeCode,
  earliest: number,
): number => {
  const branch = col.branch.name;
  const designer = info.delegate?.department === 'DESIGN' ? info.delegate : pickEmployee(g, 'DESIGN', branch);
  // History (approved, cancelled) happened before design completed; open requests went out in the last
  // day or so, so a few are overdue and most are not.
  const anchor = info.done.design ?? g.now;
  const wanted =
    state === 'approved'
      ? anchor - between(g, 6, 40) * HOUR
      : state === 'cancelled'
        ? anchor - between(g, 30, 80) * HOUR
        : g.now - between(g, 1, 36) * HOUR;
  const created = Math.min(g.now - 0.5 * HOUR, Math.max(earliest, wanted));
  const latest =
    state === 'approved' ? Math.max(created, Math.min(g.now, anchor) - HOUR) : g.now - 0.25 * HOUR;
  const due = created + (standardDue.get(type) ?? DAY);
  const uid = newUid();
  const answered = state === 'approved' ? Math.min(latest, created + between(g, 1, 30) * HOUR) : null;
  const changesAt = state === 'changes' ? Math.min(latest, created + between(g, 1, 20) * HOUR) : null;
  const cancelledAt = state === 'cancelled' ? Math.min(latest, created + between(g, 0.5, 6) * HOUR) : null;
  const byClient = chance(g, 75);
  const interval = pick(g, [DAY, DAY, 12 * HOUR, 4 * HOUR]);
  const reminders = state === 'pending' && chance(g, 70);
  const sent = reminders ? Math.min(10, Math.floor((g.now - created) / interval)) : 0;
  g.rows.approvals.push({
    uid,
    case_uid: info.uid,
    approval_type: type,
    created_at: new Date(created),
    created_by_id: designer.id,
    approval_due_at: new Date(due),
    approved_at: answered === null ? null : new Date(answered),
    approved_by: answered === null ? null : byClient ? 'client' : designer.name,
    approved_by_id: answered !== null && !byClient ? designer.id : null,
    cancelled_at: cancelledAt === null ? null : new Date(cancelledAt),
    cancelled_by: cancelledAt === null ? null : designer.name,
    cancelled_by_id: cancelledAt === null ? null : designer.id,
    changes_requested_at: changesAt === null ? null : new Date(changesAt),
    changes: changesAt === null ? null : pick(g, changeRequests),
    send_reminders: reminders,
    reminder_interval_seconds: interval / 1000,
    next_reminder_due: reminders && sent < 10 ? new Date(created + (sent + 1) * interval) : null,
    reminders_sent: sent,
  });
  const audit = { entity_type: 'approval', entity_id: uid, collection_uid: col.uid, case_uid: info.uid };
  if (answered !== null) {
    info.row.date_approval_complete = new Date(answered);
    addAuditEvent(g, {
      ...audit,
      action: 'approved',
      at: answered,
      actor: byClient ? col.client.name : designer,
    });
    if (type === 'OUTSIDE_ENVELOPE_APPROVAL') {
      // Approving outside the design envelope voids the warranty, with a case audit row.
      info.row.warranty_void = true;
      g.rows.caseAudit.push({
        case_uid: info.uid,
        modified_at: new Date(answered),
        modified_by_id: byClient ? null : designer.id,
        modified_by: byClient ? col.client.name : designer.username,
        changed_values: { warranty_void: { old: false, new: true } },
      });
    }
  }
  if (cancelledAt !== null)
    addAuditEvent(g, { ...audit, action: 'cancelled', at: cancelledAt, actor: designer });
  for (const filename of g.f.helpers.arrayElements(approvalFileNames, { min: 1, max: 3 })) {
    const file_uid = addFile(g, {
      collection_uid: col.uid,
      case_uid: info.uid,
      category: 'approval_file',
      filename,
      added: created,
      uploaded_by_id: designer.id,
    });
    g.rows.approvalFiles.push({ approval_uid: uid, file_uid, filename, added: new Date(created) });
  }
  const base = { collection_uid: col.uid, case_uid: info.uid, approval_uid: uid };
  addMessage(g, {
    ...base,
    type: 'APPROVAL_MESSAGE',
    note: `Your ${type === 'TRY_IN_APPROVAL' ? 'try-in' : 'design'} for ${col.patientReference} is ready for review.`,
    at: created,
    author: designer,
    recipient: col.client.name,
    direction: 'OUTBOUND',
  });
  if (changesAt !== null) {
    addMessage(g, {
      ...base,
      type: 'APPROVAL_MESSAGE',
      note: `Changes requested: ${pick(g, changeRequests)}`,
      at: changesAt,
      author: col.client.name,
      direction: 'INBOUND',
      notify: [designer.id],
    });
  }
  const email = {
    collection_uid: col.uid,
    client_uid: col.client.uid,
    case_uid: info.uid,
    approval_uid: uid,
  };
  const recipient = col.client.email ?? 'reception@example.com';
  addEmail(g, {
    ...email,
    type: 'APPROVAL_REQUEST',
    at: created + 60_000,
    recipient,
    subject: `Approval required: ${col.patientReference}`,
  });
  if (chance(g, 10))
    addPush(g, { ...email, type: 'APPROVAL_REQUEST', at: created + 60_000, recipient: col.client.name });
  for (let i = 1; i <= Math.min(sent, 3); i += 1) {
    addEmail(g, {
      ...email,
      type: 'APPROVAL_REMINDER',
      at: created + i * interval,
      recipient,
      subject: `Reminder: approval required for ${col.patientReference}`,
    });
  }
  return (answered ?? cancelledAt ?? changesAt ?? created) + HOUR;
};

const designTypes = partnerDesignTypeCodes;

export const planOutsources = (g: Generator, col: CollectionInfo, info: CaseInfo): void => {
  if (info.status.name === 'Design Outsourced') addOutsource(g, col, info, 'started');
  else if (
    (info.status.name === 'Awaiting Status Allocation' || info.status.name === 'Ordered') &&
    chance(g, 12)
  ) {
    addOutsource(g, col, info, 'planned');
  } else if (info.done.design && chance(g, 6)) addOutsource(g, col, info, 'completed');
};

const addOutsource = (
  g: Generator,
  col: CollectionInfo,
  info: CaseInfo,
  kind: 'planned' | 'started' | 'completed',
): void => {
  const branch = col.branch.name;
  const byName = (name: string) => g.ref.partners.find((p) => p.name === name) ?? pick(g, g.ref.partners);
  // The first started and the first completed job of a run go to the integrated partner, so its Error
  // and Redo examples exist even in a small seed.
  const showcase =
    (kind === 'started' && !g.seen.has('integrated-error')) ||
    (kind === 'completed' && !g.seen.has('integrated-redo'));
  const partner = showcase
    ? byName('Evident Digital')
    : col.client.country === 'NZ' && chance(g, 50)
      ? byName('Kiwi CAD Studio')
      : chance(g, 45)
        ? byName('Evident Digital')
        : byName('Dental Design Partners');
  const integrated = partner.adapter_type === 'EVIDENT';
  const staff = pickEmployee(g, 'DESIGN', branch);
  const uid = newUid();
  const start =
    kind === 'planned'
      ? null
      : kind === 'started'
        ? g.now - between(g, 4, 60) * HOUR
        : (info.done.metrology ?? info.start) + HOUR;
  const expected = start === null ? null : start + between(g, 16, 72) * HOUR;
  const end =
    kind === 'completed'
      ? Math.max((start ?? info.start) + 2 * HOUR, (info.done.design ?? g.now) - HOUR)
      : null;
  const overdue = kind === 'started' && expected !== null && expected < g.now;
  const review = kind === 'started' && !overdue && chance(g, 20);
  const physical = !info.jobType.virtual && chance(g, 10);
  // The first plan of a run is cancelled, so the Canceled card has an example even in a small seed.
  const cancelledPlan = kind === 'planned' && (!g.seen.has('cancelled-plan') || chance(g, 25));
  if (cancelledPlan) g.seen.add('cancelled-plan');
  g.rows.outsources.push({
    uid,
    case_uid: info.uid,
    partner_id: partner.id,
    start: start === null ? null : new Date(start),
    end: end !== null ? new Date(end) : cancelledPlan ? new Date(info.start + 3 * HOUR) : null,
    expected_return:
      expected === null ? null : new Date(kind === 'completed' && end !== null ? end : expected),
    marked_as_completed:
      end !== null ? new Date(end - 2 * HOUR) : review ? new Date(g.now - between(g, 0.5, 3) * HOUR) : null,
    due_soon_reminder:
      expected !== null && expected - 4 * HOUR < g.now && kind === 'started'
        ? new Date(expected - 4 * HOUR)
        : null,
    overdue_reminder: overdue && expected !== null ? new Date(expected + 10 * 60_000) : null,
    partner_status: kind === 'started' && (integrated || chance(g, 40)) ? 'IN_PROGRESS' : null,
    upload_not_required: physical,
    // Integrated partners work through their API: no share page.
    outsource_key: start === null || integrated ? null : newKey(),
    job_type: physical ? 'physical' : 'digital',
    returning_branch_id: physical ? col.branch.id : null,
    note: pick(g, noteTexts.OUTSOURCE_MESSAGE ?? []),
    additional_recipients: chance(g, 20) ? ['lab-manager@example.com'] : [],
    created_by_id: staff.id,
    created_at: new Date(kind === 'planned' ? info.start + HOUR : (start ?? info.start) - 10 * 60_000),
  });
  if (start === null) return;

  const sentFiles = g.f.helpers.arrayElements(['upper_scan.stl', 'lower_scan.stl', 'prescription.pdf'], {
    min: 1,
    max: 3,
  });
  const sentUids = sentFiles.map((filename) =>
    addFile(g, {
      collection_uid: col.uid,
      case_uid: info.uid,
      category: 'outsource_sent_file',
      filename,
      added: start,
      uploaded_by_id: staff.id,
      partner_id: partner.id,
    }),
  );
  if (end !== null) {
    addFile(g, {
      collection_uid: col.uid,
      case_uid: info.uid,
      category: 'outsource_received_file',
      filename: 'partner_design.stl',
      added: end - 2 * HOUR,
      partner_id: partner.id,
      uploaded_by_reference: partner.name,
    });
  }
  addMessage(g, {
    collection_uid: col.uid,
    case_uid: info.uid,
    outsource_uid: uid,
    type: 'OUTSOURCE_MESSAGE',
    note: pick(g, noteTexts.OUTSOURCE_MESSAGE ?? []),
    at: start,
    author: staff,
    recipient: partner.name,
    direction: 'OUTBOUND',
  });
  if (chance(g, 60)) {
    // The partner's answer from its share page.
    addMessage(g, {
      collection_uid: col.uid,
      case_uid: info.uid,
      outsource_uid: uid,
      type: 'OUTSOURCE_MESSAGE',
      note: 'Received, we will start today.',
      at: Math.min(g.now, start + between(g, 1, 10) * HOUR),
      author: partner.name,
      recipient: null,
      direction: 'INBOUND',
    });
  }
  addEmail(g, {
    type: 'OUTSOURCE_REQUEST',
    at: start + 60_000,
    recipient: partner.email ?? 'partner@example.com',
    subject: `New job from the lab: ${col.patientReference}`,
    collection_uid: col.uid,
    case_uid: info.uid,
    outsource_uid: uid,
  });
  if (integrated)
    addIntegratedRequest(g, info, uid, sentUids[0] ?? null, start, kind === 'completed' ? end : null);
};

const addIntegratedRequest = (
  g: Generator,
  info: CaseInfo,
  outsource_uid: string,
  file_uid: string | null,
  start: number,
  completed: number | null,
): void => {
  // The first integrated request of the run is the one stuck in error, so the Error chip has an example.
  const failing = completed === null && !g.seen.has('integrated-error');
  if (failing) g.seen.add('integrated-error');
  const redo = completed !== null && !g.seen.has('integrated-redo');
  if (redo) g.seen.add('integrated-redo');
  const sent = failing ? null : start + 90_000;
  g.rows.outsourceRequests.push({
    outsource_uid,
    file_uid,
    adapter_type: 'EVIDENT',
    payload: {
      DesignType: g.f.helpers.arrayElements(designTypes, { min: 1, max: 2 }),
      ScannerType: pick(g, ['3Shape', 'Exocad', 'IOS', 'Straumann']),
      Instruction: 'Screw-retained, screw channels lingual where possible.',
      Units: Math.max(1, info.implants.length),
      Position: pick(g, ['anterior', 'posterior', 'anterior and posterior']),
      Rush: chance(g, 20),
      RefId: info.uid,
    },
    created_at: new Date(start),
    sent_at: sent === null ? null : new Date(sent),
    next_attempt_at: failing ? new Date(g.now + 20 * 60_000) : null,
    retry_count: failing ? 3 : 0,
    error: failing ? 'Partner API unavailable (HTTP 503)' : null,
    error_detail: failing ? '503 Service Unavailable: {"message":"Upstream maintenance, retry later"}' : null,
    partner_reference: sent === null ? null : `EVD-${g.f.string.numeric(6)}`,
    response_status: sent === null ? null : completed !== null ? 'COMPLETED' : 'IN_PROGRESS',
    redo_requested_at: redo && completed !== null ? new Date(completed - HOUR) : null,
    redo_payload: redo ? { Notes: 'Please thicken the connectors between 14 and 15.' } : null,
    redo_sent_at: redo && completed !== null ? new Date(completed - HOUR + 60_000) : null,
    completed_at: completed === null ? null : new Date(completed),
    modified_at: new Date(Math.min(g.now, completed ?? start + 2 * HOUR)),
  });
};
