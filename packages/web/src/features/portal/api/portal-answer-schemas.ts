// The zod schemas of the portal's answers, in a chunk of their own (see portal-schemas.ts).
export {
  portalApprovalAnswerSchema,
  portalCollectionSchema,
  portalFileLinkSchema,
  portalMessageAnswerSchema,
} from '@lab/domain';
