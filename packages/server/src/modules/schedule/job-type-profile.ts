import type { ScheduleProfile } from '@lab/domain';
import { job_types } from '../../db/schema/index';

// The job type's schedule profile (standard turnaround, minimum seconds and ratios per stage), selected
// next to whatever else a query reads and turned into the domain's ScheduleProfile.

export const jobTypeProfileColumns = {
  standard_turnaround_days: job_types.standard_turnaround_days,
  min_metrology_seconds: job_types.min_metrology_seconds,
  min_design_seconds: job_types.min_design_seconds,
  min_machining_seconds: job_types.min_machining_seconds,
  min_dispatch_seconds: job_types.min_dispatch_seconds,
  ratio_metrology: job_types.ratio_metrology,
  ratio_design: job_types.ratio_design,
  ratio_machining: job_types.ratio_machining,
  ratio_dispatch: job_types.ratio_dispatch,
};

export type JobTypeProfileRow = {
  standard_turnaround_days: number;
  min_metrology_seconds: number;
  min_design_seconds: number;
  min_machining_seconds: number;
  min_dispatch_seconds: number;
  // numeric(5,4) columns arrive as exact decimal strings.
  ratio_metrology: string;
  ratio_design: string;
  ratio_machining: string;
  ratio_dispatch: string;
};

export const toScheduleProfile = (row: JobTypeProfileRow): ScheduleProfile => ({
  standardTurnaroundDays: row.standard_turnaround_days,
  minimumSeconds: {
    metrology: row.min_metrology_seconds,
    design: row.min_design_seconds,
    machining: row.min_machining_seconds,
    dispatch: row.min_dispatch_seconds,
  },
  ratios: {
    metrology: Number(row.ratio_metrology),
    design: Number(row.ratio_design),
    machining: Number(row.ratio_machining),
    dispatch: Number(row.ratio_dispatch),
  },
});
