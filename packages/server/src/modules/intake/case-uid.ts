import { AppError, orderMessages } from '@lab/domain';

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The case uid of an address, lower-cased; one that cannot name a case is 404 like an unknown one. */
export const parseCaseUid = (raw: string): string => {
  if (!uuidShape.test(raw)) throw new AppError('not_found', { message: orderMessages.caseNotFound });
  return raw.toLowerCase();
};
