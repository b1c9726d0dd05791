import { describe, expect, it } from 'vitest';
import { portalBrandingFor } from '../api/portal-texts';
import { clientStatusName, customerCaseStatus, isFinalProsthesis, openApprovalsOf } from './customer-status';

// The customer's status chip by the spec's priority, and the portal's branding choice.

const caseOf = (over: Partial<{ status: string; dispatched: boolean; cancelled: boolean }> = {}) => ({
  uid: 'case-1',
  status: 'Design In Progress',
  dispatched: false,
  cancelled: false,
  ...over,
});

const pending = {
  case_uid: 'case-1',
  approval_due_at: '2030-01-01T00:00:00Z',
  approved_at: null,
  cancelled_at: null,
};

describe('customerCaseStatus', () => {
  it('shows Approval Required, pulsing in the warning colour, while an approval waits for the client', () => {
    expect(customerCaseStatus(caseOf({ dispatched: true }), [pending])).toEqual({
      label: 'Approval Required',
      tone: 'warning',
      pulse: true,
    });
  });

  it('ignores approvals of other cases, approved, cancelled or answered with changes', () => {
    const others = [
      { ...pending, case_uid: 'case-2' },
      { ...pending, approved_at: '2026-01-01T00:00:00Z' },
      { ...pending, cancelled_at: '2026-01-01T00:00:00Z' },
      { ...pending, changes_requested_at: '2026-01-01T00:00:00Z' },
    ];
    expect(customerCaseStatus(caseOf(), others)).toEqual({
      label: 'Design In Progress',
      tone: 'primary',
      pulse: false,
    });
    expect(openApprovalsOf(others)).toHaveLength(1);
  });

  it('puts Dispatched before Cancelled, and shows Completed in the success colour', () => {
    expect(customerCaseStatus(caseOf({ dispatched: true, cancelled: true }), []).label).toBe('Dispatched');
    expect(customerCaseStatus(caseOf({ cancelled: true }), [])).toMatchObject({
      label: 'Cancelled',
      tone: 'error',
    });
    expect(customerCaseStatus(caseOf({ status: 'Completed' }), [])).toMatchObject({ tone: 'success' });
  });

  it('recognises the Final Prosthesis product class', () => {
    expect(isFinalProsthesis('Final Prosthesis')).toBe(true);
    expect(isFinalProsthesis('Other')).toBe(false);
  });
});

describe('portalBrandingFor', () => {
  it('takes ?branding= when it names a branding, else the ordering platform', () => {
    expect(portalBrandingFor('osteon', 'nclab')).toBe('osteon');
    expect(portalBrandingFor('nexus', 'oep')).toBe('nexus');
    expect(portalBrandingFor('other', 'oep')).toBe('osteon');
    expect(portalBrandingFor(null, 'nexus_ios')).toBe('nexus');
    expect(portalBrandingFor(undefined, 'nclab')).toBe('nexus');
    expect(portalBrandingFor(null, null)).toBe('nexus');
  });
});

describe('clientStatusName', () => {
  it("is the admin's client-facing name when set, else the status's own name", () => {
    expect(clientStatusName({ name: 'Design Outsourced', client_name: 'Design In Progress' })).toBe(
      'Design In Progress',
    );
    expect(clientStatusName({ name: 'Programming', client_name: null })).toBe('Programming');
    expect(clientStatusName({ name: 'Programming', client_name: '   ' })).toBe('Programming');
    expect(clientStatusName({ name: 'Programming', client_name: ' In Production ' })).toBe('In Production');
  });
});
