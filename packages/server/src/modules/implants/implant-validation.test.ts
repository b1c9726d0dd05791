import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { implant_platforms } from '../../db/schema/index';
import { createTestApp, errorMessage, signInAs, type TestApp } from '../../testing';
import { createCollection, createImplant, type ImplantRow } from '../../testing/factories';
import {
  countImplantRows,
  createCatalogueLookups,
  createImplantCalls,
  fieldsOf,
  type ImplantPayload,
} from './implants-test-kit';

// Every 400 of the implant calls: status, the spec-style message, the field it names, and that the
// case's implant and audit rows are exactly as before.

let test: TestApp;
let calls: ReturnType<typeof createImplantCalls>;
let lookup: ReturnType<typeof createCatalogueLookups>;
let auCase: string;
let nzCase: string;
let existing: ImplantRow;
let nzExisting: ImplantRow;

beforeAll(async () => {
  test = await createTestApp();
  calls = createImplantCalls(test, await signInAs(test));
  lookup = createCatalogueLookups(test);
  auCase = (await createCollection(test.db, { country: 'AU' })).cases[0]?.uid ?? '';
  nzCase = (await createCollection(test.db, { country: 'NZ' })).cases[0]?.uid ?? '';
  existing = await createImplant(test.db, auCase, { tooth: 11 });
  nzExisting = await createImplant(test.db, nzCase, { tooth: 11 });
});
afterAll(() => test.close());

let before: {
  au: Awaited<ReturnType<typeof countImplantRows>>;
  nz: Awaited<ReturnType<typeof countImplantRows>>;
};
beforeEach(async () => {
  before = { au: await countImplantRows(test, auCase), nz: await countImplantRows(test, nzCase) };
});

/** POSTs and PUTs the body (on the AU case unless told), expecting the same 400 from both. */
const expectRejected = async (
  body: ImplantPayload,
  expected: { message: string; fields?: Record<string, string> },
  caseUid = auCase,
) => {
  const implantId = caseUid === auCase ? existing.id : nzExisting.id;
  const responses = [await calls.add(caseUid, body), await calls.replace(caseUid, implantId, body)];
  for (const response of responses) {
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(expected.message);
    if (expected.fields) expect(fieldsOf(response)).toEqual(expected.fields);
  }
  expect({ au: await countImplantRows(test, auCase), nz: await countImplantRows(test, nzCase) }).toEqual(
    before,
  );
};

const platformId = async (name: string) => (await lookup.platform(name)).id;

describe('tooth and platform', () => {
  it("answers 'Invalid tooth' for a code outside the tooth table", async () => {
    for (const tooth of [10, 18, 28, 38, 48, 51, 30, 1, -11, 11.5, '11', true]) {
      await expectRejected(
        { tooth, platform_id: null },
        { message: 'Invalid tooth', fields: { tooth: 'Invalid tooth' } },
      );
    }
  });

  it("answers 'Must be selected' for a missing tooth or platform", async () => {
    await expectRejected(
      { platform_id: null },
      { message: 'Must be selected', fields: { tooth: 'Must be selected' } },
    );
    await expectRejected(
      { tooth: 12 },
      { message: 'Must be selected', fields: { platform_id: 'Must be selected' } },
    );
  });

  it('refuses screws, ti-bases and options on a pontic', async () => {
    const screw = await lookup.screw('Universal M1.4 Bi-Axial Screw');
    const tibase = await lookup.tibase('Dess Universal Ti-Base 4.0');
    await expectRejected(
      { tooth: 12, platform_id: null, screw_id: screw.id, ti_base_id: tibase.id },
      {
        message: 'A pontic has no screw or ti-base',
        fields: {
          screw_id: 'A pontic has no screw or ti-base',
          ti_base_id: 'A pontic has no screw or ti-base',
        },
      },
    );
    await expectRejected(
      { tooth: 12, platform_id: null, bi_axial: true },
      { message: 'A pontic cannot be bi-axial or engaging' },
    );
  });

  it("answers 'Implant Platform Not Available' for a platform not offered, withdrawn or unknown", async () => {
    const notAvailable = {
      message: 'Implant Platform Not Available',
      fields: { platform_id: 'Implant Platform Not Available' },
    };
    await expectRejected({ tooth: 12, platform_id: await platformId('Osstem TS III Regular') }, notAvailable);
    await expectRejected({ tooth: 12, platform_id: await platformId('MIS C1 Conical NP') }, notAvailable);
    await expectRejected({ tooth: 12, platform_id: 999_999 }, notAvailable);
    // Zimmer TSV is not made at Auckland; Astra EV 3.6 is not sold to NZ clients.
    await expectRejected({ tooth: 12, platform_id: await platformId('Zimmer TSV') }, notAvailable, nzCase);
    await expectRejected(
      { tooth: 12, platform_id: await platformId('Astra Tech EV 3.6') },
      notAvailable,
      nzCase,
    );
  });
});

describe('screws and ti-bases', () => {
  it('asks for a screw when the platform has no default for the bi-axial option', async () => {
    await expectRejected(
      { tooth: 12, platform_id: await platformId('Straumann BLT NC'), bi_axial: true },
      { message: 'Must be selected', fields: { screw_id: 'Must be selected' } },
    );
  });

  it('asks for a ti-base when the platform uses one and has no default', async () => {
    const zimmer = await lookup.platform('Zimmer TSV');
    await test.db
      .update(implant_platforms)
      .set({ default_tibase_id: null })
      .where(eq(implant_platforms.id, zimmer.id));
    try {
      await expectRejected(
        { tooth: 12, platform_id: zimmer.id },
        { message: 'Must be selected', fields: { ti_base_id: 'Must be selected' } },
      );
      const tibase = await lookup.tibase('Dess Universal Ti-Base 4.0');
      const chosen = await calls.add(auCase, { tooth: 12, platform_id: zimmer.id, ti_base_id: tibase.id });
      expect(chosen.statusCode).toBe(201);
      expect(chosen.json()).toMatchObject({
        tibase: { id: tibase.id },
        using_defaults: { screw: true, tibase: false },
      });
      expect((await calls.remove(auCase, chosen.json<{ id: number }>().id)).statusCode).toBe(204);
    } finally {
      await test.db
        .update(implant_platforms)
        .set({ default_tibase_id: zimmer.default_tibase_id })
        .where(eq(implant_platforms.id, zimmer.id));
    }
  });

  it('refuses a ti-base on a platform that does not use one', async () => {
    const tibase = await lookup.tibase('Dess Universal Ti-Base 4.0');
    await expectRejected(
      { tooth: 12, platform_id: await platformId('Nobel Biocare Multi-unit RP'), ti_base_id: tibase.id },
      {
        message: 'This platform does not use a ti-base',
        fields: { ti_base_id: 'This platform does not use a ti-base' },
      },
    );
  });

  it('refuses a screw or ti-base not offered in the market, or disabled', async () => {
    const nobel = await platformId('Nobel Biocare CC RP');
    const gold = await lookup.screw('Legacy Gold Screw M1.6');
    const neodentScrew = await lookup.screw('Neodent GM Exact Screw');
    const neodentTibase = await lookup.tibase('Neodent GM Titanium Base');
    const screwRefused = { message: 'Screw Not Available', fields: { screw_id: 'Screw Not Available' } };
    await expectRejected({ tooth: 12, platform_id: nobel, screw_id: gold.id }, screwRefused);
    await expectRejected({ tooth: 12, platform_id: nobel, screw_id: 999_999 }, screwRefused);
    await expectRejected({ tooth: 12, platform_id: nobel, screw_id: neodentScrew.id }, screwRefused, nzCase);
    await expectRejected(
      { tooth: 12, platform_id: nobel, ti_base_id: neodentTibase.id },
      { message: 'Ti-Base Not Available', fields: { ti_base_id: 'Ti-Base Not Available' } },
      nzCase,
    );
  });
});

describe('PATCH', () => {
  it('takes exactly one of engaging or bi_axial set to true', async () => {
    for (const body of [
      {},
      { engaging: false },
      { engaging: true, bi_axial: true },
      { engaging: true, tooth: 12 },
    ]) {
      const response = await calls.patch(auCase, existing.id, body);
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toBe('Set exactly one of engaging or bi_axial to true');
    }
    expect(await countImplantRows(test, auCase)).toEqual(before.au);
  });

  it('asks for a screw when turning bi-axial on leaves no default screw', async () => {
    const implant = await createImplant(test.db, auCase, { tooth: 13, platformName: 'Straumann BLT NC' });
    const rows = await countImplantRows(test, auCase);
    const response = await calls.patch(auCase, implant.id, { bi_axial: true });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual({ screw_id: 'Must be selected' });
    expect(await countImplantRows(test, auCase)).toEqual(rows);
  });

  it('refuses options on a pontic', async () => {
    const pontic = await createImplant(test.db, auCase, { tooth: 14, platformName: null });
    const rows = await countImplantRows(test, auCase);
    const response = await calls.patch(auCase, pontic.id, { engaging: true });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('A pontic cannot be bi-axial or engaging');
    expect(await countImplantRows(test, auCase)).toEqual(rows);
  });
});
