import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultAddComponentStatus, sortStatusesForSelect } from './add-component';

const status = (parent_name: string, name: string, id = 0) => ({ id, parent_name, name });

// The seeded statuses in the workflow order the reference list answers.
const workflowOrder = [
  status('ORDERED', 'Ordered', 1),
  status('ORDERED', 'On Hold', 2),
  status('IN DESIGN', 'Awaiting Status Allocation', 3),
  status('IN DESIGN', 'Design In Progress', 4),
  status('IN DESIGN', 'Design Outsourced', 5),
  status('IN DESIGN', 'Awaiting Client Approval', 6),
  status('IN PRODUCTION', 'Programming', 7),
  status('IN PRODUCTION', 'Machining', 8),
  status('IN LAB', 'Polishing', 9),
  status('IN LAB', 'Ready for Dispatch', 10),
  status('DISPATCHED', 'Dispatched', 11),
  status('CANCELLED', 'Cancelled', 12),
];

describe('defaultAddComponentStatus', () => {
  it("is 'Awaiting Status Allocation' under IN DESIGN", () => {
    expect(defaultAddComponentStatus(workflowOrder)).toEqual(
      status('IN DESIGN', 'Awaiting Status Allocation', 3),
    );
  });

  it('ignores a status of that name under another parent, and is undefined without one', () => {
    const elsewhere = [status('ORDERED', 'Awaiting Status Allocation', 20)];
    expect(defaultAddComponentStatus(elsewhere)).toBeUndefined();
    expect(defaultAddComponentStatus([])).toBeUndefined();
  });
});

describe('sortStatusesForSelect', () => {
  it('orders by parent then name, both alphabetically', () => {
    expect(sortStatusesForSelect(workflowOrder).map((s) => `${s.parent_name}/${s.name}`)).toEqual([
      'CANCELLED/Cancelled',
      'DISPATCHED/Dispatched',
      'IN DESIGN/Awaiting Client Approval',
      'IN DESIGN/Awaiting Status Allocation',
      'IN DESIGN/Design In Progress',
      'IN DESIGN/Design Outsourced',
      'IN LAB/Polishing',
      'IN LAB/Ready for Dispatch',
      'IN PRODUCTION/Machining',
      'IN PRODUCTION/Programming',
      'ORDERED/On Hold',
      'ORDERED/Ordered',
    ]);
  });

  it('ignores letter case and leaves the input alone', () => {
    const input = [status('IN LAB', 'polishing'), status('IN LAB', 'Assembly')];
    expect(sortStatusesForSelect(input).map((s) => s.name)).toEqual(['Assembly', 'polishing']);
    expect(input.map((s) => s.name)).toEqual(['polishing', 'Assembly']);
  });

  it('gives the same order whatever order the list came in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(workflowOrder, { minLength: workflowOrder.length }), (shuffled) => {
        expect(sortStatusesForSelect(shuffled)).toEqual(sortStatusesForSelect(workflowOrder));
      }),
    );
  });
});
