import { describe, expect, it } from 'vitest';
import type { StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { createCaseEvents, type CaseStatusChanged } from './case-events';
import type { StatusRecord } from './load-action-case';

// The registry alone; what the reactions do is covered through the routes (invoicing, dispatches).

const tx = {} as Tx;
const status = (name: string): StatusRecord => ({
  id: name.length,
  name,
  parent_name: 'IN LAB',
  in_finishing: false,
  dispatch_ready: false,
  is_active: true,
});
const statusChanged: CaseStatusChanged = {
  type: 'case.status_changed',
  caseUid: 'case',
  collectionUid: 'collection',
  actor: { kind: 'staff', id: 1 } as StaffActor,
  at: new Date(0),
  recordOnCaseAudit: () => undefined,
  from: status('Polishing'),
  to: status('Ready for Dispatch'),
};

describe('case events', () => {
  it('runs the handlers of the event type in subscription order, each awaited, with the transaction', async () => {
    const events = createCaseEvents();
    const heard: string[] = [];
    events.on('case.status_changed', async (given, event) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`first ${event.to.name} ${given === tx}`);
    });
    events.on('case.dispatched', async () => {
      heard.push('dispatched');
    });
    events.on('case.status_changed', async () => {
      heard.push('second');
    });
    await events.publish(tx, statusChanged);
    expect(heard).toEqual(['first Ready for Dispatch true', 'second']);
  });

  it('stops at a failing handler and rejects, so the transaction rolls back', async () => {
    const events = createCaseEvents();
    const heard: string[] = [];
    events.on('case.status_changed', async () => {
      throw new Error('refused');
    });
    events.on('case.status_changed', async () => {
      heard.push('after');
    });
    await expect(events.publish(tx, statusChanged)).rejects.toThrow('refused');
    expect(heard).toEqual([]);
  });

  it('keeps each app its own subscribers', async () => {
    const one = createCaseEvents();
    const other = createCaseEvents();
    const heard: string[] = [];
    one.on('case.status_changed', async () => {
      heard.push('one');
    });
    await other.publish(tx, statusChanged);
    expect(heard).toEqual([]);
  });
});
