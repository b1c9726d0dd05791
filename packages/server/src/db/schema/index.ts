// The whole database schema, one file per area. drizzle-kit reads this file; columns.ts holds only
// column helpers and is not re-exported.
export * from './approvals';
export * from './audit';
export * from './auth';
export * from './branches';
export * from './cases';
export * from './catalogue';
export * from './checklists';
export * from './clients';
export * from './collections';
export * from './dispatches';
export * from './files';
export * from './implants';
export * from './invoicing';
export * from './messages';
export * from './notifications';
export * from './order-forms';
export * from './outsourcing';
export * from './integrated-outsourcing';
export * from './partners';
export * from './production';
export * from './reference';
export * from './users';
export * from './warehouse';
export * from './printing';
export * from './idempotency';
export * from './intake';
