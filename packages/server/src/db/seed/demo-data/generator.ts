import { randomBytes, randomUUID } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import type { Department, StatusParent } from '@lab/domain';
import type { ClientRef } from './clients';
import type { JobTypeRef, PlatformRef, Reference, StatusRef } from './context';
import type { MachineProjectRef } from './production';
import type { CaseRow, SeedRows } from './rows';
import type { Staff, StaffMember } from './staff';

// What the collection generators share: the seeded faker, the reference catalogue, the people, the
// fixed "now" of this run, and the row accumulator they append to.

export type Detail = 'demo' | 'bulk';

export type Generator = {
  f: Faker;
  /** Base seed; each collection reseeds f with [seed, index]. */
  seed: number;
  ref: Reference;
  staff: Staff;
  clients: ClientRef[];
  projects: MachineProjectRef[];
  now: number;
  rows: SeedRows;
  /** demo: every screen's data; bulk: collections, cases, implants and a message or two. */
  detail: Detail;
  /** The last case of each client's previous collection, for related-case links. */
  lastCaseOfClient: Map<number, string>;
  /** Counters that make sure rare scenarios occur at least once (e.g. an integrated request in error). */
  seen: Set<string>;
};

export type Branch = Reference['branches'][number];

export type CollectionInfo = {
  uid: string;
  client: ClientRef;
  branch: Branch;
  platform: 'oep' | 'nexus_ios' | 'nclab';
  patientReference: string;
  implantPlatform: PlatformRef | null;
  cases: CaseInfo[];
};

export type ImplantInfo = {
  tooth: number;
  platform: PlatformRef | null;
  screwId: number | null;
  tibaseId: number | null;
  biaxial: boolean;
};

export type CaseInfo = {
  row: CaseRow;
  uid: string;
  ordinal: number;
  status: StatusRef;
  parent: StatusParent;
  jobType: JobTypeRef;
  /** The stage reached: 1 ordered … 4 in lab, 5 dispatched (for cancelled: where it stopped). */
  stage: number;
  start: number;
  /** Stage completion instants (ms) that exist for this case. */
  done: { metrology?: number; design?: number; machining?: number; dispatched?: number; cancelled?: number };
  delegate: StaffMember | null;
  implants: ImplantInfo[];
};

export const newUid = (): string => randomUUID();
export const newKey = (): string => randomBytes(24).toString('base64url');

export const isActiveParent = (parent: StatusParent): boolean =>
  parent !== 'DISPATCHED' && parent !== 'CANCELLED';

export const stageOfParent: Record<StatusParent, number> = {
  ORDERED: 1,
  'IN DESIGN': 2,
  'IN PRODUCTION': 3,
  'IN LAB': 4,
  DISPATCHED: 5,
  CANCELLED: 0,
};

export const chance = (g: Generator, percent: number): boolean =>
  g.f.number.int({ min: 0, max: 9999 }) < percent * 100;

export const between = (g: Generator, min: number, max: number): number =>
  min + g.f.number.float({ min: 0, max: 1 }) * (max - min);

export const pick = <T>(g: Generator, items: readonly T[]): T => g.f.helpers.arrayElement(items);

/** An employee of the department at the branch; the demo sign-ins get a large share of Melbourne work. */
export const pickEmployee = (g: Generator, department: Department, branch: string): StaffMember => {
  const demoUser = { DESIGN: 'designer', MACHINING: 'machinist', POLISHING: 'polisher', ADMIN: 'admin' }[
    department as string
  ];
  if (demoUser && branch === 'Melbourne' && chance(g, 40)) return g.staff.byUsername(demoUser);
  return pick(g, g.staff.inDepartment(department, branch));
};
