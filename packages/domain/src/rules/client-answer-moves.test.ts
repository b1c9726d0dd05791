import { describe, expect, it } from 'vitest';
import { caseMoveOnClientAnswer } from './client-answer-moves';

describe('caseMoveOnClientAnswer', () => {
  it('takes an approved design to production, or to quality control when the design is the product', () => {
    expect(
      caseMoveOnClientAnswer({
        statusName: 'Awaiting Client Approval',
        virtualProduct: false,
        answer: 'approved',
      }),
    ).toEqual({ parent: 'IN PRODUCTION', name: 'Programming' });
    expect(
      caseMoveOnClientAnswer({
        statusName: 'Awaiting Client Approval',
        virtualProduct: true,
        answer: 'approved',
      }),
    ).toEqual({ parent: 'IN LAB', name: 'Quality Control' });
  });

  it('takes a design the client wants changed back to design, whatever the job type', () => {
    for (const virtualProduct of [false, true]) {
      expect(
        caseMoveOnClientAnswer({
          statusName: 'Awaiting Client Approval',
          virtualProduct,
          answer: 'changes_requested',
        }),
      ).toEqual({ parent: 'IN DESIGN', name: 'Design In Progress' });
    }
  });

  it('moves no case that was not waiting on the client', () => {
    for (const statusName of ['Design In Progress', 'Polishing', 'Quality Control', 'Ordered']) {
      for (const answer of ['approved', 'changes_requested'] as const) {
        expect(caseMoveOnClientAnswer({ statusName, virtualProduct: false, answer })).toBeNull();
      }
    }
  });
});
