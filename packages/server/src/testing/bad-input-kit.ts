import type { LightMyRequestResponse } from 'fastify';
import { DateTime } from 'luxon';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import { errorMessage, type SignedInUser, type TestApp } from './test-app';

// What the bad-input tests throw at the write routes, how they send it, and the check that it changed
// nothing: every row a case or collection write can touch, read before and after.

/** Past PostgreSQL `integer`; a string with the NUL character PostgreSQL text cannot hold; 10k characters. */
export const badValues = { big: 99_999_999_999, nul: 'a\u0000b', long: 'x'.repeat(10_000) } as const;

/** The two refusals every route makes before its own rules (http/request-text.ts). */
export const notAnObject = 'The body must be a JSON object';
export const unstorable = 'Contains characters that cannot be stored';

/** A Melbourne local date ('YYYY-MM-DD') and time ('YYYY-MM-DDTHH:mm') this far from now, as forms send them. */
export const melbourneLocal = (shift: { years?: number; days?: number }) => {
  const local = DateTime.now().setZone('Australia/Melbourne').plus(shift);
  return { date: local.toISODate() ?? '', time: local.toFormat("yyyy-MM-dd'T'HH:mm") };
};

export type RawCall = {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** A string is sent as is (with contentType); anything else as JSON; undefined sends no body. */
  body?: unknown;
  contentType?: string;
};

/** Sends a call as a signed-in employee, body and content type exactly as given. */
export const sendRaw = (
  test: TestApp,
  user: SignedInUser,
  call: RawCall,
): Promise<LightMyRequestResponse> => {
  const headers: Record<string, string> = { ...user.headers };
  if (call.contentType) headers['content-type'] = call.contentType;
  return test.app.inject({
    method: call.method ?? 'POST',
    url: call.url,
    headers,
    ...(call.body === undefined ? {} : { payload: call.body as string }),
  });
};

const writableTables = [
  'audit_events',
  'case_audit',
  'case_client_gauge_kits',
  'case_component_lines',
  'cases',
  'checklist_items',
  'collection_pricing_kits',
  'collections',
  'delegation_audit',
  'implant_audit',
  'implants',
  'invoice_cases',
  'invoice_lines',
  'invoices',
  'location_audit',
  'machine_projects',
  'outsources',
  'pick_items',
  'picking_slips',
] as const satisfies readonly (keyof typeof schema)[];

export type RowSnapshot = Record<string, string[]>;

/** Table → its rows as sorted JSON lines; equal snapshots mean no row was added, changed or removed. */
export const snapshotWritableRows = async (db: Db): Promise<RowSnapshot> => {
  const snapshot: RowSnapshot = {};
  for (const name of writableTables) {
    const rows: unknown[] = await db.select().from(schema[name]);
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
};

/** The answer is `status` with `message`, and no row differs from the snapshot taken before. */
export const expectRefusedUnchanged = async (
  test: TestApp,
  response: LightMyRequestResponse,
  expected: { status: number; message: string; before: RowSnapshot },
): Promise<void> => {
  expect(response.statusCode).toBe(expected.status);
  expect(errorMessage(response)).toBe(expected.message);
  expect(await snapshotWritableRows(test.db)).toEqual(expected.before);
};
