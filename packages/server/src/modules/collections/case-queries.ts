import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { isAnyOf } from './prepared-reads';
import {
  approvals,
  case_client_gauge_kits,
  case_component_lines,
  case_return_files,
  cases,
  checklist_items,
  communications,
  components,
  files,
  implant_platforms,
  implants,
  job_types,
  kits,
  machine_projects,
  machines,
  branches,
  material_types,
  materials,
  messages,
  partners,
  pick_items,
  picking_slips,
  platform_availability,
  related_cases,
  screws,
  statuses,
  tibases,
} from '../../db/schema/index';

// Reads of a collection's cases and of every child table of a case. Each child table is read by exactly
// ONE statement for all the collection's case uids (one array parameter, prepared-reads.ts), and the presenters group the rows in
// memory: the load costs a fixed number of queries however many cases the collection has (no N+1).
// collection.test.ts checks that by counting the statements of a 1-case and a 6-case collection.

const prepareCaseRows = (db: Queryable, name: string) =>
  db
    .select({
      case: cases,
      job_type: job_types.name,
      product_class: job_types.product_class,
      status: statuses.name,
      in_finishing: statuses.in_finishing,
      dispatch_ready: statuses.dispatch_ready,
      material_type: material_types.name,
      material: materials.name,
      scan_gauge_kit: { name: kits.name, kit_box_display: kits.kit_box_display },
    })
    .from(cases)
    .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
    .innerJoin(statuses, eq(statuses.id, cases.status_id))
    .leftJoin(material_types, eq(material_types.id, cases.material_type_id))
    .leftJoin(materials, eq(materials.id, cases.material_id))
    .leftJoin(kits, eq(kits.id, cases.scan_gauge_kit_id))
    .where(eq(cases.collection_uid, sql.placeholder('uid')))
    .orderBy(asc(cases.case_mkey))
    .prepare(name);

export const findCaseRows = (q: Queryable, collectionUid: string) =>
  preparedOnce(q, 'collection_case_rows', prepareCaseRows).execute({ uid: collectionUid });
export type CaseRow = Awaited<ReturnType<typeof findCaseRows>>[number];

export const findClientGaugeKits = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_client_gauge_kits', (db, name) =>
    db
      .select({
        case_uid: case_client_gauge_kits.case_uid,
        gauge_kit_id: kits.id,
        kit_box_display: kits.kit_box_display,
      })
      .from(case_client_gauge_kits)
      .innerJoin(kits, eq(kits.id, case_client_gauge_kits.kit_id))
      .where(isAnyOf(case_client_gauge_kits.case_uid, 'uids'))
      .orderBy(asc(kits.kit_box_display), asc(kits.id))
      .prepare(name),
  ).execute({ uids: caseUids });

export const findComponentLines = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_component_lines', (db, name) =>
    db
      .select({
        case_uid: case_component_lines.case_uid,
        kind: case_component_lines.kind,
        code: components.code,
        component_id: components.id,
        quantity: case_component_lines.quantity,
        name: components.name,
        description: components.description,
        is_disabled: components.is_disabled,
      })
      .from(case_component_lines)
      .innerJoin(components, eq(components.id, case_component_lines.component_id))
      .where(isAnyOf(case_component_lines.case_uid, 'uids'))
      .orderBy(asc(case_component_lines.id))
      .prepare(name),
  ).execute({ uids: caseUids });

const relatedCases = alias(cases, 'related');

export const findRelatedCases = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_related_cases', (db, name) =>
    db
      .select({
        case_uid: related_cases.case_uid,
        uid: relatedCases.uid,
        case_mkey: relatedCases.case_mkey,
        job_type: job_types.name,
        status: statuses.name,
      })
      .from(related_cases)
      .innerJoin(relatedCases, eq(relatedCases.uid, related_cases.related_case_uid))
      .innerJoin(job_types, eq(job_types.id, relatedCases.job_type_id))
      .innerJoin(statuses, eq(statuses.id, relatedCases.status_id))
      .where(isAnyOf(related_cases.case_uid, 'uids'))
      .orderBy(asc(relatedCases.case_mkey))
      .prepare(name),
  ).execute({ uids: caseUids });

/** One row per pick item (a slip without items still gives one row). Newest slip first. */
export const findPickingSlipRows = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_picking_slips', (db, name) =>
    db
      .select({
        slip: picking_slips,
        item: {
          code: pick_items.code,
          quantity: pick_items.quantity,
          type: pick_items.type,
          description: pick_items.description,
        },
      })
      .from(picking_slips)
      .leftJoin(pick_items, eq(pick_items.picking_slip_id, picking_slips.id))
      .where(isAnyOf(picking_slips.case_uid, 'uids'))
      .orderBy(desc(picking_slips.requested_at), desc(picking_slips.id), asc(pick_items.id))
      .prepare(name),
  ).execute({ uids: caseUids });

export const findMachineProjects = (q: Queryable, projectIds: number[]) =>
  preparedOnce(q, 'collection_machine_projects', (db, name) =>
    db
      .select({
        id: machine_projects.id,
        name: machine_projects.name,
        machine: machines.name,
        branch: branches.name,
        start_time: machine_projects.start_time,
        end_time: machine_projects.end_time,
        created_by_id: machine_projects.created_by_id,
        status: machine_projects.status,
      })
      .from(machine_projects)
      .innerJoin(branches, eq(branches.id, machine_projects.branch_id))
      .leftJoin(machines, eq(machines.id, machine_projects.machine_id))
      .where(isAnyOf(machine_projects.id, 'ids'))
      .prepare(name),
  ).execute({ ids: projectIds });

export const caseFileCategories = [
  'order_file',
  'internal_file',
  'approval_file',
  'outsource_sent_file',
  'outsource_received_file',
] as const;

/**
 * The live files of the case's Files cards, newest first. An original with a live blurred copy is left
 * out: the copy stands in for it until a restore soft-deletes the copy.
 */
export const findCaseFiles = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_case_files', (db, name) =>
    db
      .select({
        case_uid: files.case_uid,
        id: files.id,
        filename: files.filename,
        added: files.added,
        file_category: files.file_category,
        partner: partners.name,
        blurred: sql<boolean>`${files.blurred_from_file_id} IS NOT NULL`,
      })
      .from(files)
      .leftJoin(partners, eq(partners.id, files.partner_id))
      .where(
        and(
          isAnyOf(files.case_uid, 'uids'),
          inArray(files.file_category, [...caseFileCategories]),
          isNull(files.deleted_at),
          eq(files.upload_state, 'complete'),
          sql`NOT EXISTS (SELECT 1 FROM files AS blurred_copy
                          WHERE blurred_copy.blurred_from_file_id = ${files.id}
                            AND blurred_copy.deleted_at IS NULL)`,
        ),
      )
      .orderBy(desc(files.added), desc(files.id))
      .prepare(name),
  ).execute({ uids: caseUids });

export const findReturnFiles = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_return_files', (db, name) =>
    db
      .select({
        case_uid: case_return_files.case_uid,
        oft_file_name: case_return_files.oft_file_name,
        oft_file_uid: case_return_files.oft_file_uid,
        created_at: case_return_files.created_at,
      })
      .from(case_return_files)
      .where(isAnyOf(case_return_files.case_uid, 'uids'))
      .orderBy(asc(case_return_files.created_at), asc(case_return_files.id))
      .prepare(name),
  ).execute({ uids: caseUids });

/**
 * When approval e-mails went out: the APPROVAL_REQUEST / APPROVAL_REMINDER e-mails of the case's
 * approvals (pushes to the client's app are not e-mails), oldest first.
 */
export const findApprovalEmailTimes = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_approval_email_times', (db, name) =>
    db
      .select({ case_uid: approvals.case_uid, created_at: communications.created_at })
      .from(communications)
      .innerJoin(approvals, eq(approvals.uid, communications.approval_uid))
      .where(
        and(
          isAnyOf(approvals.case_uid, 'uids'),
          inArray(communications.communication_type, ['APPROVAL_REQUEST', 'APPROVAL_REMINDER']),
          eq(communications.communication_provider, 'EMAIL'),
        ),
      )
      .orderBy(asc(communications.created_at))
      .prepare(name),
  ).execute({ uids: caseUids });

/**
 * Live implants by tooth with their parts. platform_offered: the platform is listed for the collection's
 * fulfillment branch and the shipping client's country (no branch = offered nowhere).
 */
export const findImplants = (
  q: Queryable,
  caseUids: string[],
  market: { branchId: number | null; country: string },
) =>
  preparedOnce(q, 'collection_implants', (db, name) =>
    db
      .select({
        case_uid: implants.case_uid,
        id: implants.id,
        tooth: implants.tooth,
        platform_id: implants.platform_id,
        platform: implant_platforms.name,
        platform_enabled: implant_platforms.enabled,
        to_tibase: implant_platforms.to_tibase,
        platform_offered: sql<boolean>`${platform_availability.platform_id} IS NOT NULL`,
        screw: { id: screws.id, name: screws.name, code: screws.code },
        tibase: { id: tibases.id, name: tibases.name, code: tibases.code },
        biaxial: implants.biaxial,
        engaging: implants.engaging,
        using_default_screw: implants.using_default_screw,
        using_default_tibase: implants.using_default_tibase,
      })
      .from(implants)
      .leftJoin(implant_platforms, eq(implant_platforms.id, implants.platform_id))
      .leftJoin(screws, eq(screws.id, implants.screw_id))
      .leftJoin(tibases, eq(tibases.id, implants.tibase_id))
      .leftJoin(
        platform_availability,
        and(
          eq(platform_availability.platform_id, implants.platform_id),
          eq(platform_availability.branch_id, sql.placeholder('branch')),
          eq(platform_availability.country, sql.placeholder('country')),
        ),
      )
      .where(and(isAnyOf(implants.case_uid, 'uids'), isNull(implants.deleted_at)))
      .orderBy(asc(implants.tooth), asc(implants.id))
      .prepare(name),
  ).execute({ uids: caseUids, branch: market.branchId ?? -1, country: market.country });

export const findChecklistItems = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_checklist_items', (db, name) =>
    db
      .select({
        case_uid: checklist_items.case_uid,
        id: checklist_items.id,
        department: checklist_items.department,
      })
      .from(checklist_items)
      .where(isAnyOf(checklist_items.case_uid, 'uids'))
      .orderBy(asc(checklist_items.sort), asc(checklist_items.id))
      .prepare(name),
  ).execute({ uids: caseUids });

/** Cases with an ALERTING_MESSAGE nobody has resolved yet. */
export const findCasesWithOpenAlerts = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'collection_open_alerts', (db, name) =>
    db
      .selectDistinct({ case_uid: messages.case_uid })
      .from(messages)
      .where(
        and(
          isAnyOf(messages.case_uid, 'uids'),
          eq(messages.message_type, 'ALERTING_MESSAGE'),
          isNull(messages.resolved_at),
        ),
      )
      .prepare(name),
  ).execute({ uids: caseUids });
