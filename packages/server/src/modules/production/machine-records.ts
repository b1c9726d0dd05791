import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { AppError, fieldError, productionMessages } from '@lab/domain';
import type { Tx } from '../../db/client';
import { machine_projects, machines } from '../../db/schema/index';

// The machine a project goes on, and the rule that one machine runs one project at a time.

export type MachineRecord = { id: number; name: string; branch_id: number };

/**
 * The machine, locked against the other writers of its calendar (`FOR NO KEY UPDATE`: projects may still
 * reference it), so two moves onto one free slot cannot both pass the overlap check. Another branch's or
 * a retired machine is 'Unknown machine' (400).
 */
export const lockMachine = async (
  tx: Tx,
  options: { machineId: number; branchId: number | null; field: string },
): Promise<MachineRecord> => {
  const [machine] = await tx
    .select({ id: machines.id, name: machines.name, branch_id: machines.branch_id })
    .from(machines)
    .where(and(eq(machines.id, options.machineId), eq(machines.is_active, true)))
    .for('no key update');
  if (!machine || (options.branchId !== null && machine.branch_id !== options.branchId)) {
    throw fieldError(options.field, productionMessages.unknownMachine);
  }
  return machine;
};

/** 409 when another project holds the machine for any part of [start, end). */
export const assertMachineFree = async (
  tx: Tx,
  options: { machineId: number; start: Date; end: Date; exceptProjectId: number | null },
): Promise<void> => {
  const clauses = [
    eq(machine_projects.machine_id, options.machineId),
    lt(machine_projects.start_time, options.end),
    gt(machine_projects.end_time, options.start),
  ];
  if (options.exceptProjectId !== null) clauses.push(ne(machine_projects.id, options.exceptProjectId));
  const [busy] = await tx
    .select({ name: machine_projects.name })
    .from(machine_projects)
    .where(and(...clauses))
    .limit(1);
  if (busy) throw new AppError('conflict', { message: productionMessages.overlap(busy.name) });
};
