import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorMessage, signInAs, type SignedInUser, type TestApp } from '../../testing';
import { createCase, createCollection, createImplant, findImplants } from '../../testing/factories';
import {
  countImplantRows,
  createCatalogueLookups,
  createImplantCalls,
  findAuditRows,
  implantOf,
} from './implants-test-kit';

let test: TestApp;
let staff: SignedInUser;
let calls: ReturnType<typeof createImplantCalls>;
let lookup: ReturnType<typeof createCatalogueLookups>;
// An AU client's case at Melbourne, an NZ client's case at Auckland, and a case with no branch.
let auCollection: Awaited<ReturnType<typeof createCollection>>;
let auCase: string;
let nzCase: string;
let noBranchCase: string;

beforeAll(async () => {
  test = await createTestApp();
  staff = await signInAs(test, { department: 'DESIGN', username: 'dana.design' });
  calls = createImplantCalls(test, staff);
  lookup = createCatalogueLookups(test);
  auCollection = await createCollection(test.db, { country: 'AU' });
  auCase = auCollection.cases[0]?.uid ?? '';
  nzCase = (await createCollection(test.db, { country: 'NZ' })).cases[0]?.uid ?? '';
  noBranchCase = (await createCollection(test.db, { branch: null })).cases[0]?.uid ?? '';
});
afterAll(() => test.close());

const nobelRp = () => lookup.platform('Nobel Biocare CC RP');

describe('access and look-up', () => {
  it('answers 401 Invalid Token on every call without a token', async () => {
    const implant = await createImplant(test.db, auCase, { tooth: 11 });
    const responses = [
      await calls.list(auCase, {}),
      await calls.add(auCase, { tooth: 12, platform_id: null }, {}),
      await calls.replace(auCase, implant.id, { tooth: 12, platform_id: null }, {}),
      await calls.patch(auCase, implant.id, { engaging: true }, {}),
      await calls.remove(auCase, implant.id, {}),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(401);
      expect(errorMessage(response)).toBe('Invalid Token');
    }
    expect((await findImplants(test.db, auCase)).map((i) => i.tooth)).toContain(11);
  });

  it('answers 404 for an unknown case, and 400 for a malformed case uid', async () => {
    for (const response of [
      await calls.list(randomUUID()),
      await calls.add(randomUUID(), { tooth: 12, platform_id: null }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorMessage(response)).toBe('Case not found');
    }
    const malformed = await calls.list('not-a-uid');
    expect(malformed.statusCode).toBe(400);
    expect(errorMessage(malformed)).toBe('Invalid uid');
  });

  it("answers 404 for an unknown implant, another case's implant and a deleted one", async () => {
    // Another component of the same collection: the implant must belong to the case in the path.
    const other = await createCase(test.db, auCollection);
    const foreign = await createImplant(test.db, other.uid, { tooth: 21 });
    const gone = await createImplant(test.db, auCase, { tooth: 47 });
    expect((await calls.remove(auCase, gone.id)).statusCode).toBe(204);
    const before = await countImplantRows(test, auCase);
    for (const id of [999_999, foreign.id, gone.id]) {
      for (const response of [
        await calls.replace(auCase, id, { tooth: 13, platform_id: null }),
        await calls.patch(auCase, id, { engaging: true }),
        await calls.remove(auCase, id),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(errorMessage(response)).toBe('Implant not found');
      }
    }
    expect(await countImplantRows(test, auCase)).toEqual(before);
    expect((await findImplants(test.db, other.uid))[0]?.deleted_at).toBeNull();
  });

  it('answers 400 No Fulfillment Branch Selected to list or add without a branch', async () => {
    for (const response of [
      await calls.list(noBranchCase),
      await calls.add(noBranchCase, { tooth: 12, platform_id: null }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('No Fulfillment Branch Selected');
    }
    expect(await countImplantRows(test, noBranchCase)).toEqual({ implants: 0, audits: 0 });
  });
});

describe('GET implants', () => {
  it("lists the case's live implants by tooth with the spec's fields", async () => {
    const uid = (await createCollection(test.db)).cases[0]?.uid ?? '';
    await createImplant(test.db, uid, { tooth: 36, platformName: 'Nobel Biocare Multi-unit RP' });
    await createImplant(test.db, uid, { tooth: 14, biaxial: true, engaging: true });
    await createImplant(test.db, uid, { tooth: 25, platformName: null });
    const response = await calls.list(uid);
    expect(response.statusCode).toBe(200);
    const rows = response.json<Record<string, unknown>[]>();
    expect(rows.map((r) => r.tooth)).toEqual([14, 25, 36]);
    const platform = await nobelRp();
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      tooth: 14,
      platform_id: platform.id,
      platform: 'Nobel Biocare CC RP',
      screw: {
        id: platform.default_biaxial_screw_id,
        name: 'NobelActive CC RP Omnigrip ASC Screw',
        code: 'SCR-NB-CCRP-ASC',
      },
      tibase: { id: platform.default_tibase_id, name: 'Nobel CC RP Ti-Base 1.5 mm', code: 'TIB-NB-CCRP' },
      biaxial: true,
      engaging: true,
      using_defaults: { screw: true, tibase: true },
      platform_valid: true,
      to_tibase: true,
    });
    expect(rows[1]).toMatchObject({ platform_id: null, platform: null, screw: null, tibase: null });
    expect(rows[1]).toMatchObject({ platform_valid: true, to_tibase: false });
    expect(rows[2]).toMatchObject({
      platform: 'Nobel Biocare Multi-unit RP',
      tibase: null,
      to_tibase: false,
    });
  });

  it('marks a platform not offered in the market, or withdrawn, as not valid', async () => {
    const uid = (await createCollection(test.db, { country: 'AU' })).cases[0]?.uid ?? '';
    await createImplant(test.db, uid, { tooth: 11, platformName: 'Osstem TS III Regular' });
    await createImplant(test.db, uid, { tooth: 12, platformName: 'MIS C1 Conical NP' });
    await createImplant(test.db, uid, { tooth: 13, platformName: 'Neodent GM' });
    const rows = implantList(await calls.list(uid));
    expect(rows.map((r) => [r.platform, r.platform_valid])).toEqual([
      ['Osstem TS III Regular', false],
      ['MIS C1 Conical NP', false],
      ['Neodent GM', true],
    ]);
  });
});

const implantList = (response: Awaited<ReturnType<typeof calls.list>>) =>
  response.json<ReturnType<typeof implantOf>[]>();

describe('POST implants', () => {
  it('adds an implant with the default screw and ti-base, and audits CREATED', async () => {
    const platform = await nobelRp();
    const response = await calls.add(auCase, { tooth: 16, platform_id: platform.id, engaging: true });
    expect(response.statusCode).toBe(201);
    const implant = implantOf(response);
    expect(implant).toMatchObject({
      tooth: 16,
      platform: 'Nobel Biocare CC RP',
      screw: { id: platform.default_straight_screw_id, name: 'NobelActive CC RP Prosthetic Screw' },
      tibase: { id: platform.default_tibase_id, name: 'Nobel CC RP Ti-Base 1.5 mm' },
      biaxial: false,
      engaging: true,
      using_defaults: { screw: true, tibase: true },
      platform_valid: true,
    });
    const stored = (await findImplants(test.db, auCase)).find((i) => i.id === implant.id);
    expect(stored).toMatchObject({ using_default_screw: true, using_default_tibase: true, deleted_at: null });
    const [audit, ...more] = await findAuditRows(test, auCase, implant.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      action: 'CREATED',
      modified_by: 'dana.design',
      modified_by_id: expect.any(Number),
    });
    expect(audit?.changed_values).toEqual({
      tooth: { old: null, new: 16 },
      'platform.string': { old: null, new: 'Nobel Biocare CC RP' },
      'screw.name': { old: null, new: 'NobelActive CC RP Prosthetic Screw' },
      'tibase.name': { old: null, new: 'Nobel CC RP Ti-Base 1.5 mm' },
      bi_axial: { old: null, new: false },
      engaging: { old: null, new: true },
    });
  });

  it('adds a pontic', async () => {
    const response = await calls.add(auCase, { tooth: 15, platform_id: null });
    expect(response.statusCode).toBe(201);
    expect(implantOf(response)).toMatchObject({
      tooth: 15,
      platform_id: null,
      platform: null,
      screw: null,
      tibase: null,
      using_defaults: { screw: false, tibase: false },
      platform_valid: true,
    });
    const [audit] = await findAuditRows(test, auCase, implantOf(response).id);
    expect(audit?.changed_values).toEqual({
      tooth: { old: null, new: 15 },
      bi_axial: { old: null, new: false },
      engaging: { old: null, new: false },
    });
  });

  it('keeps a chosen non-default screw, and counts the default chosen by hand as the default', async () => {
    const platform = await lookup.platform('Straumann BLT NC');
    const universal = await lookup.screw('Universal M1.4 Bi-Axial Screw');
    const chosen = implantOf(
      await calls.add(auCase, {
        tooth: 22,
        platform_id: platform.id,
        screw_id: universal.id,
        bi_axial: true,
      }),
    );
    expect(chosen).toMatchObject({
      screw: { id: universal.id },
      using_defaults: { screw: false, tibase: true },
    });
    const byHand = implantOf(
      await calls.add(auCase, {
        tooth: 23,
        platform_id: platform.id,
        screw_id: platform.default_straight_screw_id,
        ti_base_id: platform.default_tibase_id,
      }),
    );
    expect(byHand.using_defaults).toEqual({ screw: true, tibase: true });
  });

  it('offers a platform by branch and country: Osstem only at Auckland for NZ, Neodent not in NZ', async () => {
    const osstem = await lookup.platform('Osstem TS III Regular');
    const neodent = await lookup.platform('Neodent GM');
    const refused = [await calls.add(auCase, { tooth: 31, platform_id: osstem.id })];
    refused.push(await calls.add(nzCase, { tooth: 31, platform_id: neodent.id }));
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Implant Platform Not Available');
    }
    expect((await calls.add(nzCase, { tooth: 31, platform_id: osstem.id })).statusCode).toBe(201);
    expect((await calls.add(auCase, { tooth: 31, platform_id: neodent.id })).statusCode).toBe(201);
    expect(implantList(await calls.list(nzCase)).map((i) => i.platform)).toEqual(['Osstem TS III Regular']);
  });

  it('answers 409 when the tooth already has a live implant, and frees it on delete', async () => {
    const uid = (await createCollection(test.db)).cases[0]?.uid ?? '';
    const first = await createImplant(test.db, uid, { tooth: 44 });
    const before = await countImplantRows(test, uid);
    const taken = await calls.add(uid, { tooth: 44, platform_id: null });
    expect(taken.statusCode).toBe(409);
    expect(errorMessage(taken)).toBe('Tooth already has an implant');
    expect(await countImplantRows(test, uid)).toEqual(before);
    expect((await calls.remove(uid, first.id)).statusCode).toBe(204);
    expect((await calls.add(uid, { tooth: 44, platform_id: null })).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous adds on the same tooth through', async () => {
    const uid = (await createCollection(test.db)).cases[0]?.uid ?? '';
    const responses = await Promise.all([
      calls.add(uid, { tooth: 45, platform_id: null }),
      calls.add(uid, { tooth: 45, platform_id: null }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await countImplantRows(test, uid)).toEqual({ implants: 1, audits: 1 });
  });
});

describe('PUT, PATCH and DELETE implants', () => {
  it('replaces an implant and audits UPDATED with the changed fields only', async () => {
    const uid = (await createCollection(test.db)).cases[0]?.uid ?? '';
    const implant = await createImplant(test.db, uid, { tooth: 34 });
    const mua = await lookup.platform('Nobel Biocare Multi-unit RP');
    const body = { tooth: 35, platform_id: mua.id, engaging: false, bi_axial: false };
    const response = await calls.replace(uid, implant.id, body);
    expect(response.statusCode).toBe(200);
    expect(implantOf(response)).toMatchObject({
      id: implant.id,
      tooth: 35,
      platform: 'Nobel Biocare Multi-unit RP',
      screw: { name: 'Multi-unit Prosthetic Screw RP' },
      tibase: null,
      using_defaults: { screw: true, tibase: false },
    });
    const [audit, ...more] = await findAuditRows(test, uid, implant.id);
    expect(more).toEqual([]);
    expect(audit?.action).toBe('UPDATED');
    expect(audit?.changed_values).toEqual({
      tooth: { old: 34, new: 35 },
      'platform.string': { old: 'Nobel Biocare CC RP', new: 'Nobel Biocare Multi-unit RP' },
      'screw.name': { old: 'NobelActive CC RP Prosthetic Screw', new: 'Multi-unit Prosthetic Screw RP' },
      'tibase.name': { old: 'Nobel CC RP Ti-Base 1.5 mm', new: null },
    });
    // The same body again changes nothing, so no second audit row.
    expect((await calls.replace(uid, implant.id, body)).statusCode).toBe(200);
    expect(await findAuditRows(test, uid, implant.id)).toHaveLength(1);
  });

  it('answers 409 when moving an implant onto a taken tooth, and lets it keep its own', async () => {
    const uid = (await createCollection(test.db)).cases[0]?.uid ?? '';
    await createImplant(test.db, uid, { tooth: 41, platformName: null });
    const moving = await createImplant(test.db, uid, { tooth: 42, platformName: null });
    const before = await countImplantRows(test, uid);
    const response = await calls.replace(uid, moving.id, { tooth: 41, platform_id: null });
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe('Tooth already has an implant');
    expect(await countImplantRows(test, uid)).toEqual(before);
    const platform = await nobelRp();
    const kept = await calls.replace(uid, moving.id, { tooth: 42, platform_id: platform.id });
    expect(kept.statusCode).toBe(200);
  });

  it('PATCH turns engaging on, and bi-axial on with the bi-axial default screw', async () => {
    const uid = (await createCollection(test.db)).cases[0]?.uid ?? '';
    const implant = await createImplant(test.db, uid, { tooth: 26 });
    const engaging = await calls.patch(uid, implant.id, { engaging: true });
    expect(engaging.statusCode).toBe(200);
    expect(implantOf(engaging)).toMatchObject({ engaging: true, biaxial: false });
    const biaxial = await calls.patch(uid, implant.id, { bi_axial: true });
    expect(biaxial.statusCode).toBe(200);
    expect(implantOf(biaxial)).toMatchObject({
      engaging: true,
      biaxial: true,
      screw: { name: 'NobelActive CC RP Omnigrip ASC Screw' },
      using_defaults: { screw: true, tibase: true },
    });
    expect((await findAuditRows(test, uid, implant.id)).map((a) => [a.action, a.changed_values])).toEqual([
      ['UPDATED', { engaging: { old: false, new: true } }],
      [
        'UPDATED',
        {
          bi_axial: { old: false, new: true },
          'screw.name': {
            old: 'NobelActive CC RP Prosthetic Screw',
            new: 'NobelActive CC RP Omnigrip ASC Screw',
          },
        },
      ],
    ]);
  });

  it('DELETE soft-deletes the implant and audits DELETED, also on a case without a branch', async () => {
    const implant = await createImplant(test.db, auCase, { tooth: 17, engaging: true });
    const response = await calls.remove(auCase, implant.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await findImplants(test.db, auCase)).map((i) => i.id)).not.toContain(implant.id);
    expect(implantList(await calls.list(auCase)).map((i) => i.id)).not.toContain(implant.id);
    const [audit] = await findAuditRows(test, auCase, implant.id);
    expect(audit).toMatchObject({ action: 'DELETED', modified_by: 'dana.design' });
    expect(audit?.changed_values).toEqual({
      tooth: { old: 17, new: null },
      'platform.string': { old: 'Nobel Biocare CC RP', new: null },
      'screw.name': { old: 'NobelActive CC RP Prosthetic Screw', new: null },
      'tibase.name': { old: 'Nobel CC RP Ti-Base 1.5 mm', new: null },
      bi_axial: { old: false, new: null },
      engaging: { old: true, new: null },
    });
    const orphan = await createImplant(test.db, noBranchCase, { tooth: 11 });
    expect((await calls.remove(noBranchCase, orphan.id)).statusCode).toBe(204);
  });
});
