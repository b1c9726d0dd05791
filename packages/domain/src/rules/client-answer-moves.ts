import type { StatusParent } from '../enums';

// Where the client's answer to an approval takes the case (issue 30). Only a case that waits on it (in
// Awaiting Client Approval) moves: an approval asked at another stage (a try-in in the lab) is answered
// without moving the case. Approved (with or without changes): design is done, so the case goes to its
// job type's next step, production for a part to make, the lab's quality control for a design that is
// the product (a virtual product: the files are checked before they are sent). Changes requested: back
// to design.

export const awaitingClientApprovalStatus = 'Awaiting Client Approval';

export type ClientAnswer = 'approved' | 'changes_requested';

export type StatusTarget = { parent: StatusParent; name: string };

export const caseMoveOnClientAnswer = (options: {
  statusName: string;
  virtualProduct: boolean;
  answer: ClientAnswer;
}): StatusTarget | null => {
  if (options.statusName !== awaitingClientApprovalStatus) return null;
  if (options.answer === 'changes_requested') return { parent: 'IN DESIGN', name: 'Design In Progress' };
  return options.virtualProduct
    ? { parent: 'IN LAB', name: 'Quality Control' }
    : { parent: 'IN PRODUCTION', name: 'Programming' };
};
