import type { Department } from '@lab/domain';
import type { Tx } from '../../client';
import { user_main_branches, user_printers, users } from '../../schema/index';
import { insertAll, insertReturning } from '../batch';
import type { Reference } from './context';

// The employees of the demo lab: the six sign-ins of the README plus named staff in every department at
// the three branches, so delegation lists, recipients and department notifications all have people.

export type StaffMember = {
  id: number;
  username: string;
  name: string;
  department: Department;
  branch: string;
};

export type Staff = {
  all: StaffMember[];
  byUsername: (username: string) => StaffMember;
  /** Employees of a department, preferring those at the branch (falls back to any branch). */
  inDepartment: (department: Department, branch?: string) => StaffMember[];
};

type EmployeeSpec = {
  username: string;
  first_name: string;
  last_name: string;
  department: Department;
  branch: string;
  admin?: boolean;
  restricted?: boolean;
  all_departments?: boolean;
  /** Extra branches the employee also works for. */
  alsoAt?: string[];
  signsIn?: boolean;
  /** Tests releases: sees the staging chip. */
  staging?: boolean;
};

export const demoEmployees: EmployeeSpec[] = [
  {
    username: 'admin',
    first_name: 'Alex',
    last_name: 'Morgan',
    department: 'ADMIN',
    branch: 'Melbourne',
    admin: true,
    alsoAt: ['Sydney', 'Auckland'],
    signsIn: true,
  },
  {
    username: 'designer',
    first_name: 'Dana',
    last_name: 'Whitfield',
    department: 'DESIGN',
    branch: 'Melbourne',
    signsIn: true,
  },
  {
    username: 'machinist',
    first_name: 'Marco',
    last_name: 'Rossi',
    department: 'MACHINING',
    branch: 'Melbourne',
    signsIn: true,
  },
  {
    username: 'polisher',
    first_name: 'Priya',
    last_name: 'Sharma',
    department: 'POLISHING',
    branch: 'Melbourne',
    signsIn: true,
  },
  {
    username: 'support',
    first_name: 'Sam',
    last_name: 'Taylor',
    department: 'ADMIN',
    branch: 'Melbourne',
    restricted: true,
    signsIn: true,
  },
  {
    username: 'hlee',
    first_name: 'Hannah',
    last_name: 'Lee',
    department: 'DESIGN',
    branch: 'Melbourne',
    all_departments: true,
    alsoAt: ['Sydney'],
  },
  { username: 'tnguyen', first_name: 'Tom', last_name: 'Nguyen', department: 'DESIGN', branch: 'Melbourne' },
  {
    username: 'epapadopoulos',
    first_name: 'Ethan',
    last_name: 'Papadopoulos',
    department: 'DESIGN',
    branch: 'Melbourne',
  },
  { username: 'obrown', first_name: 'Olivia', last_name: 'Brown', department: 'DESIGN', branch: 'Sydney' },
  { username: 'mchen', first_name: 'Mia', last_name: 'Chen', department: 'DESIGN', branch: 'Sydney' },
  { username: 'angata', first_name: 'Aroha', last_name: 'Ngata', department: 'DESIGN', branch: 'Auckland' },
  {
    username: 'loconnor',
    first_name: 'Liam',
    last_name: "O'Connor",
    department: 'DESIGN',
    branch: 'Auckland',
  },
  {
    username: 'jwilson',
    first_name: 'Jack',
    last_name: 'Wilson',
    department: 'MACHINING',
    branch: 'Melbourne',
  },
  {
    username: 'nkowalski',
    first_name: 'Noah',
    last_name: 'Kowalski',
    department: 'MACHINING',
    branch: 'Melbourne',
  },
  { username: 'rmartin', first_name: 'Ruby', last_name: 'Martin', department: 'MACHINING', branch: 'Sydney' },
  {
    username: 'wparata',
    first_name: 'Wiremu',
    last_name: 'Parata',
    department: 'MACHINING',
    branch: 'Auckland',
  },
  {
    username: 'csmith',
    first_name: 'Chloe',
    last_name: 'Smith',
    department: 'POLISHING',
    branch: 'Melbourne',
  },
  {
    username: 'ithompson',
    first_name: 'Isla',
    last_name: 'Thompson',
    department: 'POLISHING',
    branch: 'Melbourne',
  },
  {
    username: 'lhaddad',
    first_name: 'Lucas',
    last_name: 'Haddad',
    department: 'POLISHING',
    branch: 'Sydney',
  },
  {
    username: 'mwalker',
    first_name: 'Mereana',
    last_name: 'Walker',
    department: 'POLISHING',
    branch: 'Auckland',
  },
  { username: 'gkelly', first_name: 'Grace', last_name: 'Kelly', department: 'ADMIN', branch: 'Melbourne' },
  {
    username: 'swilliams',
    first_name: 'Sophie',
    last_name: 'Williams',
    department: 'ADMIN',
    branch: 'Sydney',
  },
  { username: 'ejones', first_name: 'Emily', last_name: 'Jones', department: 'ADMIN', branch: 'Auckland' },
  {
    username: 'warehouse',
    first_name: 'Ben',
    last_name: 'Taylor',
    department: 'WAREHOUSE',
    branch: 'Melbourne',
    signsIn: true,
  },
  {
    username: 'zanderson',
    first_name: 'Zoe',
    last_name: 'Anderson',
    department: 'WAREHOUSE',
    branch: 'Sydney',
  },
  {
    username: 'trewiti',
    first_name: 'Tama',
    last_name: 'Rewiti',
    department: 'WAREHOUSE',
    branch: 'Auckland',
  },
  {
    username: 'jmurphy',
    first_name: 'James',
    last_name: 'Murphy',
    department: 'SALES',
    branch: 'Melbourne',
    alsoAt: ['Sydney'],
  },
  {
    username: 'cdavies',
    first_name: 'Charlotte',
    last_name: 'Davies',
    department: 'SALES',
    branch: 'Auckland',
  },
  {
    username: 'kfitzgerald',
    first_name: 'Kate',
    last_name: 'Fitzgerald',
    department: 'SUPPORT',
    branch: 'Melbourne',
    alsoAt: ['Sydney', 'Auckland'],
    staging: true,
  },
  { username: 'dkim', first_name: 'Daniel', last_name: 'Kim', department: 'DESIGN', branch: 'Sydney' },
];

export const seedStaff = async (tx: Tx, ref: Reference, passwordHash: string): Promise<Staff> => {
  const branchId = new Map(ref.branches.map((b) => [b.name, b.id]));
  const inserted = await insertReturning(
    tx,
    users,
    demoEmployees.map((e) => ({
      username: e.username,
      first_name: e.first_name,
      last_name: e.last_name,
      email: `${e.username}@lab.example.com`,
      department: e.department,
      admin: e.admin ?? false,
      restricted: e.restricted ?? false,
      all_departments: e.all_departments ?? false,
      staging: e.staging ?? false,
      // Only the demo sign-ins get a password; the other employees exist for lists and history.
      password_hash: e.signsIn ? passwordHash : null,
      branch_id: branchId.get(e.branch) ?? null,
    })),
  );
  const members: StaffMember[] = inserted.map((u, i) => ({
    id: u.id,
    username: u.username,
    name: `${u.first_name} ${u.last_name}`,
    department: u.department as Department,
    branch: demoEmployees[i]?.branch ?? 'Melbourne',
  }));
  const branchesOf = (e: EmployeeSpec) =>
    [e.branch, ...(e.alsoAt ?? [])].flatMap((b) => branchId.get(b) ?? []);
  await insertAll(
    tx,
    user_main_branches,
    demoEmployees.flatMap((e, i) =>
      branchesOf(e).map((branch_id) => ({ user_id: members[i]?.id ?? 0, branch_id })),
    ),
  );
  // Everyone may print to the printers of their home branch.
  await insertAll(
    tx,
    user_printers,
    demoEmployees.flatMap((e, i) =>
      ref.printers
        .filter((p) => p.branch_id === branchId.get(e.branch))
        .map((p) => ({ user_id: members[i]?.id ?? 0, printer_id: p.id })),
    ),
  );
  return staffFrom(members);
};

export const staffFrom = (members: StaffMember[]): Staff => {
  const byUsername = new Map(members.map((m) => [m.username.toLowerCase(), m]));
  return {
    all: members,
    byUsername: (username) => {
      const member = byUsername.get(username.toLowerCase());
      if (!member) throw new Error(`seed: no employee ${username}`);
      return member;
    },
    inDepartment: (department, branch) => {
      const inDept = members.filter((m) => m.department === department);
      const atBranch = branch ? inDept.filter((m) => m.branch === branch) : inDept;
      return atBranch.length > 0 ? atBranch : inDept;
    },
  };
};
