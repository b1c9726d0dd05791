import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { FileCategory } from '@lab/domain';
import type { Db } from '../../db/client';
import { files, messages, order_forms, outsources, partners } from '../../db/schema/index';
import { multipartBody, type MultipartFile, type TestApp } from '../../testing';

// The partner page's calls as a partner lab's browser makes them (no sign-in, the key in the path), and
// small builders for the rows staff would have made by starting a job: the job with its share key, files
// on the case, the job's messages, order forms.

type Call = { key?: string; ip?: string };

export const createPartnerCalls = (test: TestApp, key: string) => {
  const base = (call: Call) => `/api/v2/partner/${call.key ?? key}`;
  const from = (call: Call) => (call.ip ? { remoteAddress: call.ip } : {});
  return {
    load: (call: Call = {}) => test.app.inject({ method: 'GET', url: `${base(call)}/`, ...from(call) }),
    file: (id: string | number, call: Call = {}) =>
      test.app.inject({ method: 'GET', url: `${base(call)}/file/${id}/`, ...from(call) }),
    upload: (parts: MultipartFile[], call: Call = {}) => {
      const body = multipartBody({}, parts);
      return test.app.inject({
        method: 'POST',
        url: `${base(call)}/files/`,
        headers: body.headers,
        payload: body.payload,
        ...from(call),
      });
    },
    message: (payload: unknown, call: Call = {}) =>
      test.app.inject({
        method: 'POST',
        url: `${base(call)}/message/`,
        payload: payload as object,
        ...from(call),
      }),
    complete: (call: Call = {}) =>
      test.app.inject({ method: 'POST', url: `${base(call)}/complete/`, ...from(call) }),
  };
};

export type PartnerCalls = ReturnType<typeof createPartnerCalls>;

/** A return file part as the page sends it. */
export const returnFile = (filename: string, content: Buffer | string): MultipartFile => ({
  field: 'files',
  filename,
  content,
});

export const findPartnerId = async (db: Db, name: string): Promise<number> => {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.name, name)).limit(1);
  if (!row) throw new Error(`no partner named ${name} (is the reference data seeded?)`);
  return row.id;
};

export type OutsourceRow = typeof outsources.$inferSelect;

export type JobOptions = {
  partnerName?: string;
  /** A planned (preemptive) job has no start and no page. */
  isStarted?: boolean;
  isEnded?: boolean;
  markedAsCompleted?: Date | null;
  note?: string | null;
  jobType?: 'digital' | 'physical' | null;
  expectedReturn?: Date | null;
};

/** A job on a case as starting it leaves one: start, due time, share key. */
export const createOutsourceJob = async (
  db: Db,
  caseUid: string,
  options: JobOptions = {},
): Promise<OutsourceRow & { outsource_key: string }> => {
  const start = new Date(Date.now() - 3_600_000);
  const [row] = await db
    .insert(outsources)
    .values({
      case_uid: caseUid,
      partner_id: await findPartnerId(db, options.partnerName ?? 'Dental Design Partners'),
      start: options.isStarted === false ? null : start,
      end: options.isEnded ? new Date() : null,
      expected_return:
        options.expectedReturn === undefined ? new Date(Date.now() + 86_400_000) : options.expectedReturn,
      marked_as_completed: options.markedAsCompleted ?? null,
      outsource_key: randomBytes(24).toString('base64url'),
      job_type: options.jobType === undefined ? 'digital' : options.jobType,
      note: options.note === undefined ? 'Design a screw-retained bridge, shade A2.' : options.note,
    })
    .returning();
  if (!row?.outsource_key) throw new Error('the outsource job was not created');
  return { ...row, outsource_key: row.outsource_key };
};

/** A file row on a case (no bytes: enough to list it and to issue a link). */
export const insertCaseFile = async (
  db: Db,
  target: { caseUid: string; collectionUid: string },
  options: {
    category: FileCategory;
    filename: string;
    outsourceUid?: string | null;
    partnerId?: number | null;
    deleted?: boolean;
  },
): Promise<{ id: number; uid: string }> => {
  const [row] = await db
    .insert(files)
    .values({
      storage_key: `test/${randomBytes(8).toString('hex')}`,
      filename: options.filename,
      content_type: 'application/octet-stream',
      size_bytes: 10,
      file_category: options.category,
      case_uid: target.caseUid,
      collection_uid: target.collectionUid,
      outsource_uid: options.outsourceUid ?? null,
      partner_id: options.partnerId ?? null,
      deleted_at: options.deleted ? new Date() : null,
    })
    .returning({ id: files.id, uid: files.uid });
  if (!row) throw new Error('the file was not created');
  return row;
};

/** A message on the case, as the staff composer or the partner page would store it. */
export const insertMessage = async (
  db: Db,
  target: { caseUid: string; collectionUid: string },
  options: {
    note: string;
    type?: string;
    visibility?: 'STAFF' | 'PARTNERS' | 'CLIENTS' | 'SALES';
    outsourceUid?: string | null;
    direction?: 'INBOUND' | 'OUTBOUND';
    author?: string;
    createdAt?: Date;
  },
): Promise<string> => {
  const [row] = await db
    .insert(messages)
    .values({
      case_collection_uid: target.collectionUid,
      case_uid: target.caseUid,
      outsource_uid: options.outsourceUid ?? null,
      message_type: options.type ?? 'OUTSOURCE_MESSAGE',
      visibility: options.visibility ?? 'PARTNERS',
      direction: options.direction ?? 'OUTBOUND',
      author_reference: options.author ?? 'designer1',
      note: options.note,
      created_at: options.createdAt ?? new Date(),
    })
    .returning({ uid: messages.uid });
  if (!row) throw new Error('the message was not created');
  return row.uid;
};

export const insertOrderForm = async (
  db: Db,
  target: { collectionUid: string; caseUid: string | null },
  jsonData: Record<string, unknown>,
): Promise<number> => {
  const [row] = await db
    .insert(order_forms)
    .values({ collection_uid: target.collectionUid, case_uid: target.caseUid, json_data: jsonData })
    .returning({ id: order_forms.id });
  if (!row) throw new Error('the order form was not created');
  return row.id;
};

export const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>().error;
