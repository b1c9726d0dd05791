import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionEditMessages, invoiceActionMessages } from '@lab/domain';
import { writeAuditEvent } from '../audit/write-audit-event';
import { inTransaction } from '../db/client';
import { order_stages } from '../db/schema/index';
import { callCollection } from '../modules/collections/collection-write-test-kit';
import { createImplantCalls } from '../modules/implants/implants-test-kit';
import { invoicingKit } from '../modules/invoicing/invoicing-test-kit';
import { errorMessage, signInAs, type SignedInUser, type TestApp } from '../testing';
import { createCollection } from '../testing/factories';
import { openTestStream, type TestStream } from './stream-test-kit';

// While a page holds the stream it refreshes a collection only every 300 s, so every write that changes
// what the collection shows must push `collection {uid}`: the audited ones through their audit rows (one
// event per collection per transaction, however many rows), on commit only; a refused write sends none.

let test: TestApp;
let staff: SignedInUser;
let stream: TestStream;
const kit = invoicingKit();

beforeAll(async () => {
  ({ test, staff } = await kit.start());
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const reader = await signInAs(test, { department: 'SUPPORT' });
  stream = await openTestStream(test.app, '/api/v2/stream', { cookie: reader.cookie });
  await stream.next('ready');
});

afterAll(async () => {
  stream.close();
  await test.close();
});

/** Waits (at most a second, the stream's promise) for `collection {uid}`; other collections' frames pass. */
const expectCollectionFrame = async (uid: string): Promise<void> => {
  const deadline = Date.now() + 1000;
  for (;;) {
    const frame = await stream.next('collection', Math.max(1, deadline - Date.now()));
    if ((frame as { uid: string }).uid === uid) return;
  }
};

const framesOf = (uid: string): number =>
  stream.seen('collection').filter((frame) => (frame as { uid: string }).uid === uid).length;

/**
 * A committed write elsewhere, awaited on the stream: NOTIFYs arrive in commit order, so anything the
 * writes before it sent has arrived by then.
 */
const settle = async (): Promise<void> => {
  const marker = await createCollection(test.db, { vip: false });
  const response = await callCollection(test, {
    method: 'POST',
    uid: marker.uid,
    payload: { action: 'toggle_vip' },
    user: staff,
  });
  expect(response.statusCode).toBe(200);
  await expectCollectionFrame(marker.uid);
};

describe('audited writes push the collection', () => {
  it('toggle_vip: one frame within a second', async () => {
    const collection = await createCollection(test.db, { vip: false });
    const response = await callCollection(test, {
      method: 'POST',
      uid: collection.uid,
      payload: { action: 'toggle_vip' },
      user: staff,
    });
    expect(response.statusCode).toBe(200);
    await expectCollectionFrame(collection.uid);
    await settle();
    expect(framesOf(collection.uid)).toBe(1);
  });

  it('toggle_location (a location row and a collection row): one frame', async () => {
    const collection = await createCollection(test.db, { branch: 'Melbourne' });
    const response = await callCollection(test, {
      method: 'POST',
      uid: collection.uid,
      payload: { action: 'toggle_location' },
      user: staff,
    });
    expect(response.statusCode).toBe(200);
    await expectCollectionFrame(collection.uid);
    await settle();
    expect(framesOf(collection.uid)).toBe(1);
  });

  it('a PATCH of the collection', async () => {
    const collection = await createCollection(test.db, { orderStage: 'New Order' });
    const [stage] = await test.db
      .select({ id: order_stages.id })
      .from(order_stages)
      .where(eq(order_stages.name, 'In Design'));
    const response = await callCollection(test, {
      method: 'PATCH',
      uid: collection.uid,
      payload: { order_stage: stage?.id ?? null },
      user: staff,
    });
    expect(response.statusCode).toBe(200);
    await expectCollectionFrame(collection.uid);
  });

  it('an implant added, changed and deleted', async () => {
    const collection = await createCollection(test.db, { country: 'AU' });
    const caseUid = collection.cases[0]?.uid ?? '';
    const calls = createImplantCalls(test, staff);
    const added = await calls.add(caseUid, { tooth: 15, platform_id: null });
    expect(added.statusCode).toBe(201);
    await expectCollectionFrame(collection.uid);
    const id = added.json<{ id: number }>().id;
    const replaced = await calls.replace(caseUid, id, { tooth: 16, platform_id: null });
    expect(replaced.statusCode).toBe(200);
    await expectCollectionFrame(collection.uid);
    const removed = await calls.remove(caseUid, id);
    expect(removed.statusCode).toBeLessThan(300);
    await expectCollectionFrame(collection.uid);
  });

  it('an invoicing write (the PO# of the open invoice)', async () => {
    const collection = await kit.twoCaseCollection();
    const first = kit.caseAt(collection, 0);
    await kit.dispatch(first);
    await expectCollectionFrame(collection.uid);
    const response = await kit.act(first, {
      action: 'invoice_purchase_order',
      case_collection_uid: collection.uid,
      purchase_order_number: 'PO-31',
    });
    expect(response.statusCode).toBe(200);
    await expectCollectionFrame(collection.uid);
  });
});

describe('refused and rolled-back writes push nothing', () => {
  it('a refused toggle_location (409) or PO# with no open invoice (409)', async () => {
    const noBranch = await createCollection(test.db, { branch: null });
    const toggled = await callCollection(test, {
      method: 'POST',
      uid: noBranch.uid,
      payload: { action: 'toggle_location' },
      user: staff,
    });
    expect(toggled.statusCode).toBe(409);
    expect(errorMessage(toggled)).toBe(collectionEditMessages.noFulfillmentBranch);
    const undispatched = await kit.twoCaseCollection();
    const po = await kit.act(kit.caseAt(undispatched, 0), {
      action: 'invoice_purchase_order',
      case_collection_uid: undispatched.uid,
      purchase_order_number: 'PO-1',
    });
    expect(po.statusCode).toBe(409);
    expect(errorMessage(po)).toBe(invoiceActionMessages.noOpenInvoice);
    await settle();
    expect(framesOf(noBranch.uid)).toBe(0);
    expect(framesOf(undispatched.uid)).toBe(0);
  });

  it('an audit row whose transaction rolls back', async () => {
    const collection = await createCollection(test.db);
    await expect(
      inTransaction(test.db, async (tx) => {
        await writeAuditEvent(tx, {
          entity: 'collection',
          entityId: collection.uid,
          action: 'updated',
          collectionUid: collection.uid,
          caseUid: null,
          changes: { vip: { old: false, new: true } },
          actor: { kind: 'on_behalf', userId: null, reference: 'test' },
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await settle();
    expect(framesOf(collection.uid)).toBe(0);
  });
});

describe('an audit row naming only a case', () => {
  it('tells its collection, once however many rows, on commit', async () => {
    const collection = await createCollection(test.db, { cases: [{}, {}] });
    await inTransaction(test.db, async (tx) => {
      for (const row of collection.cases) {
        await writeAuditEvent(tx, {
          entity: 'checklist_item',
          entityId: row.uid,
          action: 'checked',
          collectionUid: null,
          caseUid: row.uid,
          changes: {},
          actor: { kind: 'on_behalf', userId: null, reference: 'test' },
        });
      }
    });
    await expectCollectionFrame(collection.uid);
    await settle();
    expect(framesOf(collection.uid)).toBe(1);
  });
});
