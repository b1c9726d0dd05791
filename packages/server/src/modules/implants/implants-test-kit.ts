import type { LightMyRequestResponse } from 'fastify';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Implant } from '@lab/domain';
import { implant_audit, implant_platforms, implants, screws, tibases } from '../../db/schema/index';
import type { SignedInUser, TestApp } from '../../testing';

// Calls and look-ups shared by the implant route tests.

export type ImplantPayload = {
  tooth?: unknown;
  platform_id?: unknown;
  screw_id?: unknown;
  ti_base_id?: unknown;
  bi_axial?: unknown;
  engaging?: unknown;
};

export const createImplantCalls = (test: TestApp, staff: SignedInUser) => {
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = staff.headers,
  ): Promise<LightMyRequestResponse> => test.app.inject({ method, url, headers, payload });
  const listUrl = (caseUid: string) => `/api/v2/case/${caseUid}/implants/`;
  const itemUrl = (caseUid: string, id: number | string) => `/api/v2/case/${caseUid}/implants/${id}/`;
  return {
    list: (caseUid: string, headers?: Record<string, string>) =>
      inject('GET', listUrl(caseUid), undefined, headers),
    add: (caseUid: string, body: ImplantPayload, headers?: Record<string, string>) =>
      inject('POST', listUrl(caseUid), body, headers),
    replace: (caseUid: string, id: number | string, body: ImplantPayload, headers?: Record<string, string>) =>
      inject('PUT', itemUrl(caseUid, id), body, headers),
    patch: (caseUid: string, id: number | string, body: object, headers?: Record<string, string>) =>
      inject('PATCH', itemUrl(caseUid, id), body, headers),
    remove: (caseUid: string, id: number | string, headers?: Record<string, string>) =>
      inject('DELETE', itemUrl(caseUid, id), undefined, headers),
  };
};

export const createCatalogueLookups = (test: TestApp) => ({
  platform: async (name: string) => {
    const [row] = await test.db.select().from(implant_platforms).where(eq(implant_platforms.name, name));
    if (!row) throw new Error(`no platform ${name}`);
    return row;
  },
  screw: async (name: string) => {
    const [row] = await test.db.select().from(screws).where(eq(screws.name, name));
    if (!row) throw new Error(`no screw ${name}`);
    return row;
  },
  tibase: async (name: string) => {
    const [row] = await test.db.select().from(tibases).where(eq(tibases.name, name));
    if (!row) throw new Error(`no ti-base ${name}`);
    return row;
  },
});

/** Every implant row (live or deleted) and audit row of a case: a rejected call must change neither. */
export const countImplantRows = async (test: TestApp, caseUid: string) => {
  const [implantRows] = await test.db
    .select({ n: count() })
    .from(implants)
    .where(eq(implants.case_uid, caseUid));
  const [auditRows] = await test.db
    .select({ n: count() })
    .from(implant_audit)
    .where(eq(implant_audit.case_uid, caseUid));
  return { implants: implantRows?.n ?? 0, audits: auditRows?.n ?? 0 };
};

export const findAuditRows = (test: TestApp, caseUid: string, implantId?: number) =>
  test.db
    .select()
    .from(implant_audit)
    .where(
      implantId === undefined
        ? eq(implant_audit.case_uid, caseUid)
        : and(eq(implant_audit.case_uid, caseUid), eq(implant_audit.implant_id, implantId)),
    )
    .orderBy(asc(implant_audit.id));

export const implantOf = (response: LightMyRequestResponse): Implant => response.json<Implant>();

export const fieldsOf = (response: LightMyRequestResponse): Record<string, string> =>
  response.json<{ error: { fields?: Record<string, string> } }>().error.fields ?? {};
