import type { Department } from '@lab/domain';

/** The signed-in employee a staff request acts as. */
export type StaffActor = {
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
