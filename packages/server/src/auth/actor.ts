import type { Department } from '@lab/domain';

// Who a request acts as: a closed union, so every writer (audit rows above all) says who acted and
// through which key. Staff sign in; clients and partners hold a capability key in the link.

/** The signed-in employee a staff request acts as. */
export type StaffActor = {
  kind: 'staff';
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  department: Department;
  all_departments: boolean;
  admin: boolean;
  restricted: boolean;
  staging: boolean;
  branch_id: number | null;
  session_id: string;
};

/** A client through the portal key of exactly one collection. */
export type ClientActor = {
  kind: 'client';
  collectionUid: string;
  clientUid: string;
  /** The shipping client's name, as messages and audit rows show the client. */
  clientName: string;
  /** A short hash of the key used, so audit says which link acted without keeping the key. */
  keyFingerprint: string;
};

/** A partner lab through the share key of exactly one outsource job. */
export type PartnerActor = {
  kind: 'partner';
  outsourceUid: string;
  partnerName: string;
  keyFingerprint: string;
};

export type Actor = StaffActor | ClientActor | PartnerActor;

/** The name an audit row, a message or a file shows for the actor. */
export const actorReference = (actor: Actor): string => {
  switch (actor.kind) {
    case 'staff':
      // Audit tables name staff by username, as messages do.
      return actor.username;
    case 'client':
      return actor.clientName;
    case 'partner':
      return actor.partnerName;
  }
};

/** The employee's id; null for clients and partners (they are no users). */
export const actorUserId = (actor: Actor): number | null => (actor.kind === 'staff' ? actor.id : null);

/** Through which key a non-staff actor acted: `portal:<fingerprint>` or `partner:<fingerprint>`. */
export const actorVia = (actor: Actor): string | null => {
  switch (actor.kind) {
    case 'staff':
      return null;
    case 'client':
      return `portal:${actor.keyFingerprint}`;
    case 'partner':
      return `partner:${actor.keyFingerprint}`;
  }
};
