import { useMemo } from 'react';
import { workQueueDepartments, type WorkQueueDepartment } from '@lab/domain';
import { openInNewTab } from '../../../lib/navigation';
import { patchSearchParams, useLocationSearch, writeSearchParams } from '../../../lib/url-state';
import { queueParamsPatch, readQueueParams } from './queue-params';
import { caseUrl, WorkQueueView } from './work-queue-view';

const navigate = (patch: Record<string, string | null>) =>
  writeSearchParams(patchSearchParams(new URLSearchParams(window.location.search), patch));

/**
 * The bench a queue page is: /static/v2/design.html, finishing.html, warehouse.html (the systems menu's
 * {system}.html addresses), or ?department= where the page is opened under its own name (Vite dev).
 */
export const departmentOfPage = (pathname: string, search: string): WorkQueueDepartment => {
  const page = /\/([a-z_]+)\.html$/.exec(pathname)?.[1]?.toUpperCase();
  const asked = new URLSearchParams(search).get('department')?.toUpperCase();
  const found = [page, asked].find((value): value is WorkQueueDepartment =>
    workQueueDepartments.includes(value as WorkQueueDepartment),
  );
  return found ?? 'DESIGN';
};

/** A department's work queue with its filters in the address. */
export const WorkQueuePage = ({ department }: { department: WorkQueueDepartment }) => {
  const search = useLocationSearch();
  const params = useMemo(() => readQueueParams(new URLSearchParams(search)), [search]);
  return (
    <WorkQueueView
      department={department}
      branch={params.branch}
      delegate={params.delegate}
      status={params.status}
      onFilterChange={(patch) => navigate(queueParamsPatch(patch))}
      onOpenCase={(row) => openInNewTab(caseUrl(row))}
    />
  );
};
