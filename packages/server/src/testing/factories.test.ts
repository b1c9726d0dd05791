import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import {
  createCase,
  createClient,
  createCollection,
  createEmployee,
  createImplant,
  findImplants,
} from './factories';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('test factories', () => {
  it('creates a collection with two cases: flags and department from the status, keys from the ordinal', async () => {
    const client = await createClient(test.db, { name: 'Carlton Family Dental', country: 'AU' });
    const created = await createCollection(test.db, {
      client,
      patientReference: 'Nguyen, T',
      cases: [
        { statusName: 'Machining', jobTypeName: 'Implant Bar', dentate: 'UPPER' },
        { statusName: 'Dispatched' },
      ],
    });
    expect(created.patient_reference).toBe('Nguyen, T');
    expect(created.shipping_client_id).toBe(client.id);
    expect(created.collection_id).toBeGreaterThanOrEqual(100000);
    expect(created.portal_key.length).toBeGreaterThanOrEqual(32);
    const [machining, dispatched] = created.cases;
    expect(machining).toMatchObject({
      case_mkey: `${created.collection_id}-01`,
      ordinal: 1,
      in_production: true,
      ordered: false,
      dispatched: false,
      department: 'MACHINING',
      dentate: 'UPPER',
      active: true,
    });
    expect(dispatched).toMatchObject({
      case_mkey: `${created.collection_id}-02`,
      dispatched: true,
      in_production: false,
      department: null,
      active: false,
    });
  });

  it('defaults to one case awaiting status allocation, at the branch of the client country', async () => {
    const created = await createCollection(test.db, { country: 'NZ', clientName: 'Ponsonby Dental Studio' });
    expect(created.cases).toHaveLength(1);
    expect(created.cases[0]).toMatchObject({ in_design: true, department: 'DESIGN', active: true });
    expect(created.fulfillment_branch_id).not.toBeNull();
  });

  it('adds a next case, an employee and implants with the platform defaults', async () => {
    const created = await createCollection(test.db, { cases: [{ statusName: 'Cancelled' }] });
    const designer = await createEmployee(test.db, { department: 'DESIGN', firstName: 'Hana' });
    const added = await createCase(test.db, created, {
      statusName: 'Design In Progress',
      delegatedToId: designer.id,
    });
    expect(added).toMatchObject({
      case_mkey: `${created.collection_id}-02`,
      delegated_to_id: designer.id,
      in_design: true,
    });
    expect(designer).toMatchObject({ first_name: 'Hana', department: 'DESIGN', password_hash: null });

    const fixture = await createImplant(test.db, added.uid, { tooth: 14, biaxial: true });
    expect(fixture.screw_id).not.toBeNull();
    expect(fixture.tibase_id).not.toBeNull();
    await createImplant(test.db, added.uid, { tooth: 15, platformName: null });
    const listed = await findImplants(test.db, added.uid);
    expect(listed.map((i) => [i.tooth, i.platform_id === null])).toEqual([
      [14, false],
      [15, true],
    ]);
  });

  it('names an unknown status in the error', async () => {
    await expect(createCollection(test.db, { cases: [{ statusName: 'No Such Status' }] })).rejects.toThrow(
      "no status named 'No Such Status'",
    );
  });
});
