import type { Department, MessageTypeCode } from '@lab/domain';
import { addEmail, addFile, addMessage } from './activity';
import {
  between,
  chance,
  pick,
  pickEmployee,
  type CaseInfo,
  type CollectionInfo,
  type Generator,
} from './generator';
import { HOUR } from './schedule';
import { fill, noteTexts, staffReplies } from './texts';

// Notes and messages of every type on a case and its collection, and the files that came with the order
// or were made along the way.

const orderFileNames = [
  'upper_scan.stl',
  'lower_scan.stl',
  'bite_registration.ply',
  'prescription.pdf',
  'intraoral_front.jpg',
];
const internalFileNames = ['design_v1.html', 'design_notes.png', 'model_print.stl', 'margin_check.png'];

const noteFor = (g: Generator, type: MessageTypeCode, info: CaseInfo | null, col: CollectionInfo): string =>
  fill(pick(g, noteTexts[type] ?? ['Noted.']), {
    tooth: String(info?.implants[0]?.tooth ?? 21),
    platform: info?.implants.find((i) => i.platform)?.platform?.name ?? 'Nobel Biocare CC RP',
    client: col.client.name,
    job: info?.jobType.name ?? '',
  });

/** The last moment anything happened on the case. */
export const lastActivity = (g: Generator, info: CaseInfo): number =>
  info.done.dispatched ?? info.done.cancelled ?? g.now - 10 * 60_000;

const during = (g: Generator, info: CaseInfo, from = info.start): number =>
  from + (Math.max(from + HOUR, lastActivity(g, info)) - from) * between(g, 0.05, 1);

/** The department's people at the branch, for department-wide notifications (a few, not everyone). */
const departmentAt = (g: Generator, department: Department, branch: string): number[] =>
  g.staff.inDepartment(department, branch).map((m) => m.id);

export const planCaseMessages = (g: Generator, col: CollectionInfo, info: CaseInfo): void => {
  const branch = col.branch.name;
  const base = { collection_uid: col.uid, case_uid: info.uid };
  const staffNote = (
    type: MessageTypeCode,
    department: Department,
    at: number,
    extra: Partial<Parameters<typeof addMessage>[1]> = {},
  ) =>
    addMessage(g, {
      ...base,
      type,
      note: noteFor(g, type, info, col),
      at,
      author: pickEmployee(g, department, branch),
      direction: 'STATIC',
      ...extra,
    });

  if (chance(g, 12)) staffNote('SPECIAL_REQUEST', 'ADMIN', info.start + 10 * 60_000);
  if (chance(g, 45)) {
    const count = g.f.number.int({ min: 1, max: 2 });
    for (let i = 0; i < count; i += 1) {
      staffNote(
        'CASE_NOTE',
        pick(g, ['ADMIN', 'DESIGN', 'MACHINING', 'POLISHING'] as const),
        during(g, info),
        {
          attachments: chance(g, 10)
            ? [{ category: 'note_attachment', filename: `note_photo_${g.f.string.numeric(3)}.jpg` }]
            : [],
        },
      );
    }
  }
  const departmentMessage = (type: MessageTypeCode, department: Department, from: number) => {
    const toDelegate = info.delegate?.department === department ? info.delegate : null;
    const recipient = toDelegate ?? (chance(g, 65) ? pickEmployee(g, department, branch) : null);
    staffNote(type, pick(g, ['ADMIN', 'DESIGN'] as const), during(g, info, from), {
      direction: 'OUTBOUND',
      recipient,
      notify: recipient ? [recipient.id] : departmentAt(g, department, branch),
    });
  };
  if (info.stage >= 2 && chance(g, 30))
    departmentMessage('DESIGN_MESSAGE', 'DESIGN', info.done.metrology ?? info.start);
  if (info.stage >= 3 && !info.jobType.virtual && chance(g, 25)) {
    departmentMessage('PRODUCTION_MESSAGE', 'MACHINING', info.done.design ?? info.start);
  }
  if (info.stage >= 4 && !info.jobType.virtual && chance(g, 25)) {
    departmentMessage('LAB_MESSAGE', 'POLISHING', info.done.machining ?? info.start);
  }
  const active = info.parent !== 'DISPATCHED' && info.parent !== 'CANCELLED';
  if (chance(g, active ? 8 : 4)) {
    const at = during(g, info);
    const resolved = !active || chance(g, 40);
    const resolver = pickEmployee(g, 'ADMIN', branch);
    const department = info.row.department as Department | null;
    staffNote('ALERTING_MESSAGE', 'ADMIN', at, {
      resolvedAt: resolved ? Math.min(g.now, at + between(g, 1, 30) * HOUR) : null,
      resolvedBy: resolver,
      notify: [
        ...(info.delegate ? [info.delegate.id] : []),
        ...(department ? departmentAt(g, department, branch) : []),
      ],
    });
  }
  if (info.parent === 'DISPATCHED' && !info.jobType.virtual && chance(g, 25)) {
    staffNote('DISPATCH_NOTE', 'ADMIN', info.done.dispatched ?? g.now);
  }
  if (info.stage <= 2 && info.parent !== 'CANCELLED' && chance(g, 8)) {
    addMessage(g, {
      collection_uid: col.uid,
      type: 'CUSTOMER_SCAN_ADVICE',
      note: noteFor(g, 'CUSTOMER_SCAN_ADVICE', info, col),
      at: during(g, info),
      author: pickEmployee(g, 'DESIGN', branch),
      recipient: col.client.name,
      direction: 'OUTBOUND',
    });
  }
  planCaseFiles(g, col, info);
};

const planCaseFiles = (g: Generator, col: CollectionInfo, info: CaseInfo): void => {
  if (chance(g, 90)) {
    for (const filename of g.f.helpers.arrayElements(orderFileNames, { min: 1, max: 4 })) {
      addFile(g, {
        collection_uid: col.uid,
        case_uid: info.uid,
        category: 'order_file',
        filename,
        added: info.start,
        uploaded_by_reference: col.client.name,
      });
    }
  }
  if (info.stage >= 2 && chance(g, 30)) {
    const designer = pickEmployee(g, 'DESIGN', col.branch.name);
    for (const filename of g.f.helpers.arrayElements(internalFileNames, { min: 1, max: 2 })) {
      addFile(g, {
        collection_uid: col.uid,
        case_uid: info.uid,
        category: 'internal_file',
        filename,
        added: during(g, info),
        uploaded_by_id: designer.id,
      });
    }
  }
  if (info.jobType.spec.requires_return_file && info.done.dispatched) {
    const designer = pickEmployee(g, 'DESIGN', col.branch.name);
    const oft_file_name = `design_export_${g.f.string.numeric(5)}.zip`;
    const fileUid = addFile(g, {
      collection_uid: col.uid,
      case_uid: info.uid,
      category: 'return_file',
      filename: oft_file_name,
      added: info.done.dispatched - HOUR,
      uploaded_by_id: designer.id,
    });
    g.rows.returnFiles.push({
      case_uid: info.uid,
      oft_file_name,
      oft_file_uid: fileUid,
      created_at: new Date(info.done.dispatched - HOUR),
      created_by_id: designer.id,
    });
  }
  if (info.row.date_received && chance(g, 30)) {
    addEmail(g, {
      type: 'CASE_RECEIVED',
      at: info.row.date_received.getTime() + 5 * 60_000,
      recipient: col.client.email ?? 'reception@example.com',
      subject: `We have received your case for ${col.patientReference}`,
      collection_uid: col.uid,
      client_uid: col.client.uid,
      case_uid: info.uid,
    });
  }
};

/** The client conversation and office notes that belong to the whole collection. */
export const planCollectionMessages = (
  g: Generator,
  col: CollectionInfo,
  added: number,
  last: number,
): void => {
  const branch = col.branch.name;
  const span = (from: number) => from + (Math.max(from + HOUR, last) - from) * between(g, 0.05, 1);
  if (chance(g, 55)) {
    let at = span(added);
    const count = g.f.number.int({ min: 1, max: 4 });
    const firstActive = col.cases.find((c) => c.parent !== 'DISPATCHED' && c.parent !== 'CANCELLED');
    for (let i = 0; i < count && at < g.now; i += 1) {
      const inbound = i % 2 === 0;
      const staff = pickEmployee(g, 'ADMIN', branch);
      addMessage(g, {
        collection_uid: col.uid,
        type: 'CLIENT_MESSAGE',
        note: inbound
          ? pick(g, noteTexts.CLIENT_MESSAGE ?? [])
          : fill(pick(g, staffReplies), { due: new Date(g.now + 2 * 86_400_000).toDateString() }),
        at,
        author: inbound ? col.client.name : staff,
        recipient: inbound ? null : col.client.name,
        direction: inbound ? 'INBOUND' : 'OUTBOUND',
        // A client's message notifies the delegate of the case, else the branch's admin staff.
        notify: inbound
          ? firstActive?.delegate
            ? [firstActive.delegate.id]
            : departmentAt(g, 'ADMIN', branch)
          : [],
        attachments:
          inbound && chance(g, 30)
            ? [{ category: 'message_attachment', filename: `IMG_${g.f.string.numeric(4)}.jpg` }]
            : [],
      });
      at += between(g, 0.5, 20) * HOUR;
    }
  }
  const firstCase = col.cases[0];
  if (firstCase && chance(g, 8)) {
    addMessage(g, {
      collection_uid: col.uid,
      case_uid: firstCase.uid,
      type: 'PAYMENT_NOTE',
      note: pick(g, noteTexts.PAYMENT_NOTE ?? []),
      at: span(added),
      author: pickEmployee(g, 'ADMIN', branch),
      direction: 'STATIC',
    });
  }
  if (chance(g, 5)) {
    const at = span(added);
    const resolved = chance(g, 50);
    const support = g.staff.byUsername(chance(g, 50) ? 'support' : 'kfitzgerald');
    addMessage(g, {
      collection_uid: col.uid,
      type: 'CUSTOMER_SERVICE_NOTE',
      note: pick(g, noteTexts.CUSTOMER_SERVICE_NOTE ?? []),
      at,
      author: support,
      direction: 'STATIC',
      resolvedAt: resolved ? Math.min(g.now, at + 5 * HOUR) : null,
      resolvedBy: support,
      notify: [g.staff.byUsername('support').id],
    });
  }
  if (chance(g, 5)) {
    addMessage(g, {
      collection_uid: col.uid,
      type: 'SALES_MESSAGE',
      note: pick(g, noteTexts.SALES_MESSAGE ?? []),
      at: span(added),
      author: pick(g, g.staff.inDepartment('SALES', branch)),
      direction: 'STATIC',
    });
  }
  if (chance(g, 5)) {
    addFile(g, {
      collection_uid: col.uid,
      case_uid: null,
      category: 'collection_file',
      filename: 'referral_letter.pdf',
      added,
      uploaded_by_id: pickEmployee(g, 'ADMIN', branch).id,
    });
  }
};
