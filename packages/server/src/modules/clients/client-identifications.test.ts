import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientIdentification } from '@lab/domain';
import { audit_events, client_identifications } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createClient, type ClientRow } from '../../testing/factories';

// GET and POST /api/v2/client/{id}/identifications/ (collection-views §5 'Identification dialog').

let test: TestApp;
let staff: SignedInUser;
let client: ClientRow;
let other: ClientRow;

const url = (id: number | string = client.client_id) => `/api/v2/client/${id}/identifications/`;

const add = (
  payload: unknown,
  id: number | string = client.client_id,
  headers: Record<string, string> = staff.headers,
) => test.app.inject({ method: 'POST', url: url(id), headers, payload: payload as Record<string, unknown> });

const list = (id: number | string = client.client_id) =>
  test.app.inject({ method: 'GET', url: url(id), headers: staff.headers });

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'SUPPORT' });
  client = await createClient(test.db, { name: 'Brighton Implant Centre' });
  other = await createClient(test.db, { name: 'Glenelg Dental' });
});
afterAll(() => test.close());

describe('POST /api/v2/client/{id}/identifications/', () => {
  it('adds an e-mail address in lower case, answers 201 and writes the audit row', async () => {
    const response = await add({ kind: 'EMAIL', value: '  Dr.Nguyen@Gmail.com ' });
    expect(response.statusCode).toBe(201);
    const added = response.json<ClientIdentification>();
    expect(added).toEqual({
      id: expect.any(Number),
      kind: 'EMAIL',
      value: 'dr.nguyen@gmail.com',
      created_at: expect.any(String),
      created_by: staff.username,
    });
    const audit = await test.db
      .select()
      .from(audit_events)
      .where(
        and(eq(audit_events.entity_type, 'client'), eq(audit_events.entity_id, String(client.client_id))),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'identification_added',
      actor_reference: staff.username,
      actor_kind: 'staff',
      collection_uid: null,
      changed_values: { identifications: { old: null, new: 'EMAIL: dr.nguyen@gmail.com' } },
    });
  });

  it('stores a mobile number in international form, reading a national one as Australian', async () => {
    const national = await add({ kind: 'MOBILE', value: '0412 345 678' });
    expect(national.statusCode).toBe(201);
    expect(national.json<ClientIdentification>().value).toBe('+61412345678');
    const international = await add({ kind: 'MOBILE', value: '+64 21 123 4567' });
    expect(international.json<ClientIdentification>().value).toBe('+64211234567');
    const [row] = await test.db
      .select({ value: client_identifications.value })
      .from(client_identifications)
      .where(eq(client_identifications.value, '+61412345678'));
    expect(row?.value).toBe('+61412345678');
  });

  it("refuses a bad e-mail with 400 'Enter a valid e-mail address' on the value field", async () => {
    for (const value of ['', 'dr.nguyen', 'dr nguyen@gmail.com', 'a@b']) {
      const response = await add({ kind: 'EMAIL', value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: 'Enter a valid e-mail address',
          fields: { value: 'Enter a valid e-mail address' },
        },
      });
    }
  });

  it("refuses a bad mobile with 400 'Enter a valid mobile number'", async () => {
    for (const value of ['', '12345', 'call me', 'dr.nguyen@gmail.com', '0412 345 678 ext']) {
      const response = await add({ kind: 'MOBILE', value });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Enter a valid mobile number');
    }
  });

  it('refuses an unknown kind or a missing value with 400', async () => {
    const kind = await add({ kind: 'FAX', value: '0412345678' });
    expect(kind.statusCode).toBe(400);
    expect(errorMessage(kind)).toBe('Choose Email Address or Mobile Number');
    expect((await add({ kind: 'EMAIL' })).statusCode).toBe(400);
  });

  it('answers 409 for the same value again, however it is typed, and writes nothing', async () => {
    const before = await test.db.select().from(audit_events).where(eq(audit_events.entity_type, 'client'));
    const again = await add({ kind: 'MOBILE', value: '+61 412 345 678' });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe('This client already has this identification');
    const email = await add({ kind: 'EMAIL', value: 'DR.NGUYEN@gmail.com' });
    expect(email.statusCode).toBe(409);
    const after = await test.db.select().from(audit_events).where(eq(audit_events.entity_type, 'client'));
    expect(after).toHaveLength(before.length);
    // Another client may be known by the same address.
    expect((await add({ kind: 'EMAIL', value: 'dr.nguyen@gmail.com' }, other.client_id)).statusCode).toBe(
      201,
    );
  });

  it("answers 404 'Client not found' for an unknown client and 401 without a token", async () => {
    const unknown = await add({ kind: 'EMAIL', value: 'a@b.co' }, 999999);
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Client not found');
    expect((await add({ kind: 'EMAIL', value: 'a@b.co' }, client.client_id, {})).statusCode).toBe(401);
  });
});

describe('GET /api/v2/client/{id}/identifications/', () => {
  it('lists the identifications in the order they were added', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.json<ClientIdentification[]>().map((i) => [i.kind, i.value, i.created_by])).toEqual([
      ['EMAIL', 'dr.nguyen@gmail.com', staff.username],
      ['MOBILE', '+61412345678', staff.username],
      ['MOBILE', '+64211234567', staff.username],
    ]);
  });

  it("answers 404 'Client not found' for an unknown client", async () => {
    const response = await list('nope');
    expect(response.statusCode).toBe(404);
    expect(errorMessage(response)).toBe('Client not found');
  });
});
