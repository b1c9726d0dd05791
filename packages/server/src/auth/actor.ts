import type { Department, OrderingPlatform } from '@lab/domain';

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

/** An ordering platform through one of its signing keys (POST /api/v2/orders/). */
export type PlatformActor = {
  kind: 'platform';
  platform: OrderingPlatform;
  keyId: string;
  /** The key's name, as the admin gave it ("OEP production"): audit rows show the order came through it. */
  label: string;
};

export type Actor = StaffActor | ClientActor | PartnerActor | PlatformActor;

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
    case 'platform':
      return actor.label;
  }
};

/** The employee's id; null for clients, partners and platforms (they are no users). */
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
    case 'platform':
      return `platform:${actor.keyId}`;
  }
};
