import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calendarProjectSchema,
  machineCalendarQuerySchema,
  machineCalendarSchema,
  machineProjectParams,
  machineProjectStatusSchema,
  moveMachineProjectSchema,
  newMachineProjectSchema,
  workQueueQuerySchema,
  workQueueSchema,
} from '@lab/domain';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { changeProjectStatus } from './change-project-status';
import { createMachineProject } from './create-machine-project';
import { findMachineCalendar } from './machine-calendar';
import { moveMachineProject } from './move-machine-project';
import { findWorkQueue } from './work-queue';

// The Production system (issue 14 §2): the machine calendar, programming projects from cases in
// production and moving them through their statuses, and the department work queues.
export const registerProductionRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const projectAnswer = { response: { 200: calendarProjectSchema } };

  api.get(
    '/api/v2/machines/calendar/',
    {
      config: { access: 'staff' },
      schema: { querystring: machineCalendarQuerySchema, response: { 200: machineCalendarSchema } },
    },
    async (request) => findMachineCalendar(db, { query: request.query, actor: requireActor(request) }),
  );

  api.post(
    '/api/v2/machine_projects/',
    {
      config: { access: 'staff', permission: 'program_machines' },
      schema: { body: newMachineProjectSchema, response: { 201: calendarProjectSchema } },
    },
    async (request, reply) => {
      const project = await createMachineProject(db, { body: request.body, actor: requireActor(request) });
      return reply.status(201).send(project);
    },
  );

  api.patch(
    '/api/v2/machine_project/:id/',
    {
      config: { access: 'staff', permission: 'program_machines' },
      schema: { params: machineProjectParams, body: moveMachineProjectSchema, ...projectAnswer },
    },
    async (request) =>
      moveMachineProject(db, { rawId: request.params.id, body: request.body, actor: requireActor(request) }),
  );

  api.post(
    '/api/v2/machine_project/:id/status/',
    {
      config: { access: 'staff', permission: 'program_machines' },
      schema: { params: machineProjectParams, body: machineProjectStatusSchema, ...projectAnswer },
    },
    async (request) =>
      changeProjectStatus(db, {
        rawId: request.params.id,
        status: request.body.status,
        actor: requireActor(request),
      }),
  );

  api.get(
    '/api/v2/work_queue/',
    {
      config: { access: 'staff' },
      schema: { querystring: workQueueQuerySchema, response: { 200: workQueueSchema } },
    },
    async (request) => findWorkQueue(db, { query: request.query, actor: requireActor(request) }),
  );
};
