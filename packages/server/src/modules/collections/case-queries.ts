import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { isAnyOf, uidsPlaceholder, type CaseUids } from '../../db/any-of';
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

// Reads of a collection's cases and of every child table of a case, as selects not yet run: the loads
// answer them together in one statement (load-collection-children.ts, db/combined-read.ts). Each child
// table is read once for all the cases (`caseUids`: a list, or the collection's cases as a subquery), and
// the presenters group the rows in memory: the load costs the same however many cases (no N+1).

/** The cases of the collection whose uid is the placeholder `uid`, in case order. */
export const caseRowsQuery = (db: Queryable) =>
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
    .orderBy(asc(cases.case_mkey));
export type CaseRow = Awaited<ReturnType<typeof caseRowsQuery>>[number];

export const clientGaugeKitsQuery = (db: Queryable, caseUids: CaseUids) =>
  db
    .select({
      case_uid: case_client_gauge_kits.case_uid,
      gauge_kit_id: kits.id,
      kit_box_display: kits.kit_box_display,
    })
    .from(case_client_gauge_kits)
    .innerJoin(kits, eq(kits.id, case_client_gauge_kits.kit_id))
    .where(isAnyOf(case_client_gauge_kits.case_uid, caseUids))
    .orderBy(asc(kits.kit_box_display), asc(kits.id));

export const componentLinesQuery = (db: Queryable, caseUids: CaseUids) =>
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
    .where(isAnyOf(case_component_lines.case_uid, caseUids))
    .orderBy(asc(case_component_lines.id));

/** The component lines of some cases (a case action reads its own case's in its transaction). */
export const findComponentLines = (q: Queryable, caseUids: string[]) =>
  preparedOnce(q, 'case_component_lines', (db, name) =>
    componentLinesQuery(db, uidsPlaceholder).prepare(name),
  ).execute({
    uids: caseUids,
  });

const relatedCases = alias(cases, 'related');

export const relatedCasesQuery = (db: Queryable, caseUids: CaseUids) =>
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
    .where(isAnyOf(related_cases.case_uid, caseUids))
    .orderBy(asc(relatedCases.case_mkey));

/** One row per pick item (a slip without items still gives one row). Newest slip first. */
export const pickingSlipRowsQuery = (db: Queryable, caseUids: CaseUids) =>
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
    .where(isAnyOf(picking_slips.case_uid, caseUids))
    .orderBy(desc(picking_slips.requested_at), desc(picking_slips.id), asc(pick_items.id));

/** The machine projects the cases are on. */
export const machineProjectsQuery = (db: Queryable, caseUids: CaseUids) =>
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
    .where(
      isAnyOf(
        machine_projects.id,
        sql`SELECT ${cases.machine_project_id} FROM ${cases} WHERE ${isAnyOf(cases.uid, caseUids)}`,
      ),
    );

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
export const caseFilesQuery = (db: Queryable, caseUids: CaseUids) =>
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
        isAnyOf(files.case_uid, caseUids),
        inArray(files.file_category, [...caseFileCategories]),
        isNull(files.deleted_at),
        eq(files.upload_state, 'complete'),
        sql`NOT EXISTS (SELECT 1 FROM files AS blurred_copy
                        WHERE blurred_copy.blurred_from_file_id = ${files.id}
                          AND blurred_copy.deleted_at IS NULL)`,
      ),
    )
    .orderBy(desc(files.added), desc(files.id));

export const returnFilesQuery = (db: Queryable, caseUids: CaseUids) =>
  db
    .select({
      case_uid: case_return_files.case_uid,
      oft_file_name: case_return_files.oft_file_name,
      oft_file_uid: case_return_files.oft_file_uid,
      created_at: case_return_files.created_at,
    })
    .from(case_return_files)
    .where(isAnyOf(case_return_files.case_uid, caseUids))
    .orderBy(asc(case_return_files.created_at), asc(case_return_files.id));

/**
 * When approval e-mails went out: the APPROVAL_REQUEST / APPROVAL_REMINDER e-mails of the case's
 * approvals (pushes to the client's app are not e-mails), oldest first.
 */
export const approvalEmailTimesQuery = (db: Queryable, caseUids: CaseUids) =>
  db
    .select({ case_uid: approvals.case_uid, created_at: communications.created_at })
    .from(communications)
    .innerJoin(approvals, eq(approvals.uid, communications.approval_uid))
    .where(
      and(
        isAnyOf(approvals.case_uid, caseUids),
        inArray(communications.communication_type, ['APPROVAL_REQUEST', 'APPROVAL_REMINDER']),
        eq(communications.communication_provider, 'EMAIL'),
      ),
    )
    .orderBy(asc(communications.created_at));

/**
 * Live implants by tooth with their parts. platform_offered: the platform is listed for the collection's
 * fulfillment branch and the shipping client's country (no branch = offered nowhere).
 */
/**
 * Live implants by tooth with their parts. platform_offered: the platform is listed for the collection's
 * fulfillment branch and the shipping client's country (no branch = offered nowhere); `market` gives
 * both as SQL (placeholders, or the collection's own columns).
 */
export const implantsQuery = (db: Queryable, caseUids: CaseUids, market: { branch: SQL; country: SQL }) =>
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
        eq(platform_availability.branch_id, market.branch),
        eq(platform_availability.country, market.country),
      ),
    )
    .where(and(isAnyOf(implants.case_uid, caseUids), isNull(implants.deleted_at)))
    .orderBy(asc(implants.tooth), asc(implants.id));

export const findImplants = (
  q: Queryable,
  caseUids: string[],
  market: { branchId: number | null; country: string },
) =>
  preparedOnce(q, 'case_implants', (db, name) =>
    implantsQuery(db, uidsPlaceholder, {
      branch: sql`${sql.placeholder('branch')}`,
      country: sql`${sql.placeholder('country')}`,
    }).prepare(name),
  ).execute({ uids: caseUids, branch: market.branchId ?? -1, country: market.country });

export const checklistItemsQuery = (db: Queryable, caseUids: CaseUids) =>
  db
    .select({
      case_uid: checklist_items.case_uid,
      id: checklist_items.id,
      department: checklist_items.department,
    })
    .from(checklist_items)
    .where(isAnyOf(checklist_items.case_uid, caseUids))
    .orderBy(asc(checklist_items.sort), asc(checklist_items.id));

/**
 * Cases with an ALERTING_MESSAGE nobody has resolved yet. The type is written in the SQL, not passed as a
 * value: a plan made once for every value could not use the partial index messages_case_open_alerts_idx,
 * and would walk all of a busy case's notes.
 */
export const casesWithOpenAlertsQuery = (db: Queryable, caseUids: CaseUids) =>
  db
    .selectDistinct({ case_uid: messages.case_uid })
    .from(messages)
    .where(
      and(
        isAnyOf(messages.case_uid, caseUids),
        sql`${messages.message_type} = 'ALERTING_MESSAGE'`,
        isNull(messages.resolved_at),
      ),
    );
