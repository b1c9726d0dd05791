// Lint is where the house rules live: type-aware strictness, React hooks, and the package boundaries
// (domain imports nothing of ours; server and web never import each other; web features and server
// modules stay apart).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('./packages/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Server modules (packages/server/src/modules/<module>/) keep their insides to themselves: another module
// imports only the files its owner declares public here, each with why; everything else is the module's
// own. Naming files, not index.ts barrels, keeps two modules that use each other free of import cycles.
// A new module must be declared (an empty list: nothing of it is shared).
const serverModuleSurfaces = {
  approvals: [
    'approval-actions.ts', // the portal answers an approval with the staff's locked actions
    'approval-records.ts', // the portal loads and locks an approval as the staff routes do
  ],
  cases: [
    'kernel.ts', // act on a case: load and lock, plan a status change, save with audit, case events
  ],
  checklists: [
    'checklist-gate.ts', // every move to dispatch (case actions, dispatches) passes the mandatory-item gate
  ],
  clients: [],
  collections: [
    'add-component.ts', // redo_case adds its new case as Add Component does (ordinal, checklist)
    'case-queries.ts', // the component lines a case action edits, read as the collection reads them
    'collection-audit.ts', // writes on a collection lock it first, in the one order every write takes
    'collection-queries.ts', // find, parse and require a collection; user names for audit answers
    'list-actions.ts', // the order forms the portal and the partner page list as staff see them
    'load-collection.ts', // answers that carry the collection as GET /api/v2/collection/{uid}/ shows it
    'present-collection.ts', // approvals are presented as the collection presents them
  ],
  dispatches: [],
  files: [
    'case-file-rows.ts', // the partner page lists a case's files under the staff's list names
    'copy-stored-file.ts', // Auto Upload copies a file's bytes to a new key
    'file-audit.ts', // every module that stores or removes a file writes the file audit row
    'file-links.ts', // one-time download links, for attachments, the portal and the partner page
    'file-lock.ts', // file operations of other modules hold the collection's file lock
    'file-references.ts', // a file shown on approvals and messages follows a blur, restore or delete
    'store-file.ts', // every upload is checked and stored the same way (type, content, size, key)
  ],
  helpers: [],
  implants: [
    'find-implants.ts', // case actions read a case's implants as the implants module reads them
    'implant-audit.ts', // clone_implants writes the implant audit rows the implants module writes
    'resolve-implant.ts', // an order's implants are checked against the catalogue as staff's are
  ],
  intake: [],
  'customer-service': [],
  invoicing: [
    'invoice-figures.ts', // the client page totals and balances invoices as the Accounts page does
  ],
  messages: [
    'communication-logs.ts', // the client page presents communications as the collection's log does
    'message-queries.ts', // the client page and the portal list messages as the collection does
  ],
  notifications: [
    'create-notifications.ts', // messages and portal writes notify their audience
    'notify-case-department.ts', // partner results and outsource reminders notify the case's department
  ],
  outsourcing: [
    'case-outsources.ts', // the collection answer carries each case's outsource jobs
  ],
  pages: [],
  partner: [],
  portal: [
    'portal-client.ts', // the partner page fingerprints its key as the portal does
    'regenerate-portal-key.ts', // a collection action issues a new portal key
  ],
  printing: [],
  production: [],
  reference: [
    'implant-catalogue.ts', // implants are checked against the catalogue
  ],
  schedule: [
    'client-holds.ts', // approvals and the client's messages end holds: the customer delay moves the dues
    'load-branch-calendar.ts', // every schedule and due time is counted in the branch's business hours
    'preview-schedule.ts', // case and collection edits check start and promise as the preview does
    'recompute-case-schedule.ts', // a write that moves the schedule stores the recomputed one (and seeds)
  ],
  search: [],
  system: [],
  warehouse: [],
};

// The app's wiring outside modules/ (app.ts, jobs/registered-jobs.ts, auth, seeds) also reaches each
// module's entry points: its routes.ts and jobs.ts, and the files below.
const serverModuleEntries = {
  files: [
    'case-actions.ts', // its case actions and their multipart preparation, plugged into the runner
    'file-lock-route.ts',
  ],
  invoicing: [
    'case-actions.ts', // its case actions, plugged into the runner
    'case-event-reactions.ts', // it bills a dispatched case (subscribes to the case events)
    'demo-payments.ts', // the demo records payments against its older invoices
  ],
  outsourcing: [
    'case-actions.ts', // its case actions, plugged into the runner
    'integrated/integrated-jobs.ts',
    'integrated/webhook-route.ts',
  ],
  partner: ['partner-key-resolver.ts'],
  printing: [
    'staff-printers.ts', // /api/me/ lists the user's printers
  ],
  warehouse: [
    'pick-lots.ts', // the seeds place the lots of their picked slips on their lines, as the job does
    'demo-deliveries.ts', // the demo books in, through the receive, what its open cases lack
  ],
};

const serverSrc = './packages/server/src';
const serverDirEntries = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true });
const serverModules = serverDirEntries(`${serverSrc}/modules`)
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const module of serverModules) {
  if (!serverModuleSurfaces[module]) {
    throw new Error(`eslint.config.js: declare the public files of ${serverSrc}/modules/${module}`);
  }
}
const serverOutsideModules = serverDirEntries(serverSrc)
  .filter((entry) => entry.name !== 'modules')
  .map((entry) => `${serverSrc}/${entry.name}`);
const serverModuleZones = serverModules.flatMap((module) => {
  const from = `${serverSrc}/modules/${module}`;
  const shared = serverModuleSurfaces[module].map((file) => `./${file}`);
  const entries = ['routes.ts', 'jobs.ts', ...(serverModuleEntries[module] ?? [])].map((file) => `./${file}`);
  return [
    {
      target: serverModules
        .filter((other) => other !== module)
        .map((other) => `${serverSrc}/modules/${other}`),
      from,
      except: shared,
      message: `modules/${module} shares only its public files (serverModuleSurfaces in eslint.config.js)`,
    },
    {
      target: serverOutsideModules,
      from,
      except: [...shared, ...entries],
      message: `outside modules/, import modules/${module}'s public files or entry points (eslint.config.js)`,
    },
  ];
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'packages/server/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      'scripts/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/ignore': ['node_modules'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@lab/*', '../../server/*', '../../web/*'], message: 'domain imports nothing of ours' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@lab/web', '@lab/web/*', '**/web/src/**'], message: 'server never imports web' },
          ],
        },
      ],
    },
  },
  {
    // No module reaches into another (serverModuleSurfaces above). Tests and their kits set up worlds
    // across modules and may reach inside; import/no-cycle still holds for them.
    files: ['packages/server/src/**'],
    ignores: ['**/*.test.ts', '**/*-test-kit.ts', '**/*fixture*.ts', 'packages/server/src/testing/**'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: serverModuleZones }],
    },
  },
  {
    files: ['packages/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@lab/server', '@lab/server/*', '**/server/src/**'],
              message: 'web never imports server',
            },
          ],
        },
      ],
    },
  },
  {
    // Web features do not import each other: pages (src/app) compose them. The reference lists
    // (statuses, employees, job types …) and the signed-in employee (`me`: who may do what, by the
    // domain's permission table) are the exceptions: every feature reads them.
    files: ['packages/web/src/features/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./packages/web/src/features/${feature}`,
            from: './packages/web/src/features',
            except: [...new Set([`./${feature}`, './reference', './me'])],
          })),
        },
      ],
    },
  },
);
