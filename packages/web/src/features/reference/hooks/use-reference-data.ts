import type {
  ApprovalType,
  Branch,
  Employee,
  JobType,
  Kit,
  Material,
  MaterialType,
  MessageType,
  OrderStage,
  Partner,
  Status,
} from '@lab/domain';
import { useApprovalTypes } from '../api/get-approval-types';
import { useBranches } from '../api/get-branches';
import { useEmployees } from '../api/get-employees';
import { useJobTypes } from '../api/get-job-types';
import { useKits } from '../api/get-kit-list';
import { useMaterialTypes } from '../api/get-material-types';
import { useMaterials } from '../api/get-materials';
import { useMessageTypes } from '../api/get-message-types';
import { useOrderStages } from '../api/get-order-stages';
import { usePartners } from '../api/get-partners';
import { useStatuses } from '../api/get-statuses';

export type ReferenceData = {
  statuses: Status[];
  employees: Employee[];
  branches: Branch[];
  materials: Material[];
  materialTypes: MaterialType[];
  jobTypes: JobType[];
  kits: Kit[];
  partners: Partner[];
  messageTypes: MessageType[];
  approvalTypes: ApprovalType[];
  orderStages: OrderStage[];
  /** True until every list has answered (or failed). */
  isLoading: boolean;
};

// One shared empty list keeps the identity stable while a list is loading or failed.
const none: never[] = [];

/**
 * Every reference list of spec §7. The shell calls it once at start so the lists load in parallel;
 * features call it again to read them from the cache (no second request: they never go stale).
 */
export const useReferenceData = (): ReferenceData => {
  const queries = {
    statuses: useStatuses(),
    employees: useEmployees(),
    branches: useBranches(),
    materials: useMaterials(),
    materialTypes: useMaterialTypes(),
    jobTypes: useJobTypes(),
    kits: useKits(),
    partners: usePartners(),
    messageTypes: useMessageTypes(),
    approvalTypes: useApprovalTypes(),
    orderStages: useOrderStages(),
  };
  return {
    statuses: queries.statuses.data ?? none,
    employees: queries.employees.data ?? none,
    branches: queries.branches.data ?? none,
    materials: queries.materials.data ?? none,
    materialTypes: queries.materialTypes.data ?? none,
    jobTypes: queries.jobTypes.data ?? none,
    kits: queries.kits.data ?? none,
    partners: queries.partners.data ?? none,
    messageTypes: queries.messageTypes.data ?? none,
    approvalTypes: queries.approvalTypes.data ?? none,
    orderStages: queries.orderStages.data ?? none,
    isLoading: Object.values(queries).some((query) => query.isPending && query.fetchStatus === 'fetching'),
  };
};
