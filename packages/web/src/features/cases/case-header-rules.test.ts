import { describe, expect, it } from 'vitest';
import type { Status } from '@lab/domain';
import {
  canUseFinishingSelector,
  findDepartmentForStatus,
  findToolbarButtons,
  findToolbarTone,
  isStatusTextShown,
  listDepartmentChips,
  listFinishingStatuses,
  listGroupCasesToDispatch,
} from './case-header-rules';

const now = Date.parse('2025-03-01T10:00:00Z');
const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

const flags = {
  ordered: false,
  in_design: false,
  in_production: false,
  in_lab: false,
  dispatched: false,
  cancelled: false,
};

const status = (patch: Partial<Status>): Status => ({
  id: 1,
  name: 'Polishing',
  parent_name: 'IN LAB',
  description: '',
  in_finishing: false,
  in_production: false,
  in_design: false,
  dispatch_ready: false,
  client_name: null,
  ...patch,
});

describe('findToolbarTone', () => {
  it('is orange while the countdown alerts, over redo and VIP', () => {
    const caseItem = { immediacy_due: inMinutes(30), redo: 'internal' as const };
    expect(findToolbarTone({ caseItem, isVip: true, now })).toBe('alerting');
  });

  it('is alerting past due too', () => {
    expect(
      findToolbarTone({ caseItem: { immediacy_due: inMinutes(-5), redo: null }, isVip: false, now }),
    ).toBe('alerting');
  });

  it('is dark red for a redo when the countdown is not alerting', () => {
    const caseItem = { immediacy_due: inMinutes(120), redo: 'external' as const };
    expect(findToolbarTone({ caseItem, isVip: true, now })).toBe('redo');
  });

  it('is dark blue for a VIP collection, else white', () => {
    expect(findToolbarTone({ caseItem: { immediacy_due: null, redo: null }, isVip: true, now })).toBe('vip');
    expect(findToolbarTone({ caseItem: { immediacy_due: null, redo: null }, isVip: false, now })).toBe(
      'plain',
    );
  });
});

describe('findToolbarButtons', () => {
  const base = { active: true, requires_return_file: false, virtual_product: false, date_received: null };

  it('offers Progress and Redo on an active case, Received while not received', () => {
    expect(findToolbarButtons(base)).toEqual({
      canUploadReturnFile: false,
      canMarkAsDone: false,
      canProgress: true,
      canRedo: true,
      canReceive: true,
    });
  });

  it('offers Upload Return File and Mark as Done only on active cases that need them', () => {
    const needy = { ...base, requires_return_file: true, virtual_product: true };
    expect(findToolbarButtons(needy)).toMatchObject({ canUploadReturnFile: true, canMarkAsDone: true });
    expect(findToolbarButtons({ ...needy, active: false })).toMatchObject({
      canUploadReturnFile: false,
      canMarkAsDone: false,
      canProgress: false,
      canRedo: true,
    });
  });

  it('hides Received once date_received is set', () => {
    expect(findToolbarButtons({ ...base, date_received: inMinutes(-60) }).canReceive).toBe(false);
  });
});

describe('department chips and status text', () => {
  it('shows one chip per true flag', () => {
    expect(listDepartmentChips({ ...flags, in_lab: true })).toEqual(['Lab']);
    expect(listDepartmentChips(flags)).toEqual([]);
  });

  it('hides the status text when dispatched, cancelled or ordered', () => {
    expect(isStatusTextShown({ ...flags, in_design: true })).toBe(true);
    expect(isStatusTextShown({ ...flags, ordered: true })).toBe(false);
    expect(isStatusTextShown({ ...flags, dispatched: true })).toBe(false);
    expect(isStatusTextShown({ ...flags, cancelled: true })).toBe(false);
  });
});

describe('finishing selector', () => {
  const inLab = { in_lab: true, dispatched: false, cancelled: false };

  it('is offered to polishing staff on a case in the lab only', () => {
    expect(canUseFinishingSelector('POLISHING', inLab)).toBe(true);
    expect(canUseFinishingSelector('DESIGN', inLab)).toBe(false);
    expect(canUseFinishingSelector(null, inLab)).toBe(false);
    expect(canUseFinishingSelector('POLISHING', { ...inLab, in_lab: false })).toBe(false);
  });

  it('lists statuses in finishing or dispatch ready', () => {
    const statuses = [
      status({ id: 1, in_finishing: true }),
      status({ id: 2, dispatch_ready: true }),
      status({ id: 3, parent_name: 'IN DESIGN' }),
    ];
    expect(listFinishingStatuses(statuses).map((item) => item.id)).toEqual([1, 2]);
  });

  it('lists the other active cases of the group', () => {
    const make = (uid: string, group_number: number | null, patch = {}) => ({
      uid,
      group_number,
      dispatched: false,
      cancelled: false,
      ...patch,
    });
    const cases = [
      make('a', 1),
      make('b', 1),
      make('c', 1, { dispatched: true }),
      make('d', 1, { cancelled: true }),
      make('e', 2),
    ];
    expect(listGroupCasesToDispatch(cases, make('a', 1)).map((item) => item.uid)).toEqual(['b']);
    expect(listGroupCasesToDispatch(cases, make('x', null))).toEqual([]);
  });
});

describe('findDepartmentForStatus', () => {
  it('derives the department from the status parent', () => {
    expect(findDepartmentForStatus(status({ parent_name: 'ORDERED' }))).toBe('ADMIN');
    expect(findDepartmentForStatus(status({ parent_name: 'IN DESIGN' }))).toBe('DESIGN');
    expect(findDepartmentForStatus(status({ parent_name: 'IN PRODUCTION' }))).toBe('MACHINING');
    expect(findDepartmentForStatus(status({ parent_name: 'IN LAB' }))).toBe('POLISHING');
    expect(findDepartmentForStatus(undefined)).toBeNull();
  });
});
