import { describe, expect, it } from 'vitest';
import { formatAuditChange, isInlineAuditChange, visibleAuditChanges } from './audit-changes';

describe('visibleAuditChanges', () => {
  it('drops the ignored bookkeeping fields', () => {
    const changes = visibleAuditChanges({
      updated: { old: 1, new: 2 },
      modified_by: 'x',
      delegated_at: 'x',
      delegated_by: 'x',
      priority: 1,
      slug: 'x',
      status: { old: 'Ordered', new: 'Design In Progress' },
    });
    expect(changes).toEqual([{ field: 'status', old: 'Ordered', new: 'Design In Progress' }]);
  });

  it('reads a bare value as the new value', () => {
    expect(visibleAuditChanges({ note: 'hello' })).toEqual([{ field: 'note', old: undefined, new: 'hello' }]);
  });
});

describe('isInlineAuditChange', () => {
  const one = (old: unknown, next: unknown) => visibleAuditChanges({ status: { old, new: next } });

  it('shows a single short change inline', () => {
    expect(isInlineAuditChange(one('Ordered', 'Programming'))).toBe(true);
    expect(formatAuditChange({ field: 'status', old: 'Ordered', new: 'Programming' })).toBe(
      'status: Ordered → Programming',
    );
  });

  it('sends several changes to the dialog', () => {
    const changes = visibleAuditChanges({ a: { old: 1, new: 2 }, b: { old: 1, new: 2 } });
    expect(isInlineAuditChange(changes)).toBe(false);
  });

  it('sends a change of 100 characters or more to the dialog', () => {
    // 'status: ' + 'x' + ' → ' = 12 characters around the new value.
    expect(isInlineAuditChange(one('x', 'y'.repeat(87)))).toBe(true);
    expect(isInlineAuditChange(one('x', 'y'.repeat(88)))).toBe(false);
  });

  it('sends a nested value to the dialog', () => {
    expect(isInlineAuditChange(one(null, { a: 1 }))).toBe(false);
  });

  it('has nothing inline when only ignored fields changed', () => {
    expect(isInlineAuditChange(visibleAuditChanges({ slug: { old: 'a', new: 'b' } }))).toBe(false);
  });
});

describe('formatAuditChange with recorded instants', () => {
  it('formats ISO instants through the given formatter and leaves other strings alone', () => {
    const change = { field: 'date_promised', old: null, new: '2026-11-23T07:33:57.160Z' };
    expect(formatAuditChange(change, () => '23 Nov 2026, 6:33 pm')).toBe(
      'date_promised: — → 23 Nov 2026, 6:33 pm',
    );
    expect(formatAuditChange({ field: 'note', old: '2026-11-23', new: 'x' }, () => 'never')).toBe(
      'note: 2026-11-23 → x',
    );
  });
});
