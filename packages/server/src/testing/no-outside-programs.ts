import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

// A vitest setup file: `npm test` must pass on a machine with nothing but Node, so a test may start Node
// (process.execPath, or `node`, `npx`, `tsx`) and programs inside a node_modules folder (an npm package's
// binary), and nothing else — starting `pdftotext`, `ls` or `openssl` throws, naming the program. It wraps
// child_process's launchers on the CommonJS module object, then syncs the ESM named exports (a builtin's
// named imports see a change only after syncBuiltinESMExports). fork always runs Node: left as it is.

type Launch = (...args: unknown[]) => unknown;

const childProcess = createRequire(import.meta.url)('node:child_process') as Record<string | symbol, unknown>;
const installed = Symbol.for('lab.no-outside-programs');

/** Each launcher, and whether its command is a shell line (exec) rather than one program. */
const launchers = {
  spawn: false,
  spawnSync: false,
  execFile: false,
  execFileSync: false,
  exec: true,
  execSync: true,
} as const;

const nodeNames = new Set(['node', 'npx', 'tsx']);

/** Whether a test may start `program` (a path, or a bare name looked up on PATH) from `cwd`. */
export const isAllowedProgram = (program: string, cwd = process.cwd()): boolean => {
  if (program === process.execPath || nodeNames.has(program)) return true;
  // A bare name other than Node's is a system program; a path counts where it points.
  if (!/[\\/]/.test(program)) return false;
  return path.resolve(cwd, program).split(/[\\/]/).includes('node_modules');
};

/** The programs a shell line starts: the first word of each command, past any VAR=value. */
const programsOfShellLine = (line: string): string[] =>
  line
    .split(/&&|\|\||[;&|\n]/)
    .map(
      (command) =>
        command
          .trim()
          .split(/\s+/)
          .find((word) => !/^\w+=/.test(word)) ?? '',
    )
    .map((word) => word.replace(/^["']|["']$/g, ''))
    .filter((word) => word !== '');

const checkLaunch = (args: readonly unknown[], isShellLine: boolean): void => {
  const [command] = args;
  if (typeof command !== 'string') return; // Node itself rejects it.
  const options = args
    .slice(1)
    .find((arg): arg is { shell?: unknown; cwd?: unknown } => typeof arg === 'object' && arg !== null);
  const isShell = isShellLine || Boolean(options && !Array.isArray(options) && options.shell);
  const cwd = options && typeof options.cwd === 'string' ? options.cwd : undefined;
  for (const program of isShell ? programsOfShellLine(command) : [command]) {
    if (!isAllowedProgram(program, cwd))
      throw new Error(
        `A test started '${program}': tests run on nothing but Node, so they may start Node and programs ` +
          'inside node_modules only (testing/no-outside-programs.ts)',
      );
  }
};

/** Installs the check (once per process; the setup file does it on import). */
export const refuseOutsidePrograms = (): void => {
  if (childProcess[installed]) return;
  for (const [name, isShellLine] of Object.entries(launchers)) {
    const original = childProcess[name] as Launch;
    const checked = function (this: unknown, ...args: unknown[]) {
      checkLaunch(args, isShellLine);
      return Reflect.apply(original, this, args);
    };
    // promisify(execFile) and promisify(exec) use this, which calls the original directly.
    const promised = (original as { [promisify.custom]?: Launch })[promisify.custom];
    if (promised)
      Object.defineProperty(checked, promisify.custom, {
        value: (...args: unknown[]) => {
          checkLaunch(args, isShellLine);
          return promised(...args);
        },
      });
    childProcess[name] = checked;
  }
  childProcess[installed] = true;
  syncBuiltinESMExports();
};

refuseOutsidePrograms();
