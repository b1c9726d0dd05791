import type { Dentate } from '../../enums';
import { isUpperTooth } from '../teeth';
import {
  duplicateFileChecks,
  meshChecks,
  type MeshReadFailure,
  type MeshStats,
  type PreflightCheck,
} from './mesh-checks';

// The pre-flight of one case at the door (issue 29): the files its job type needs, each scan's own
// checks, and the prescription (implants named, teeth in the case's jaw, shade and material of a final
// prosthesis). A `block` stops Check in unless overridden with a reason; a `warn` asks for a look.

/** What a file of an order is, told from its name; a job type lists the kinds it needs. */
export const scanKinds = ['arch_scan', 'opposing_scan', 'bite_scan', 'scan_body_scan'] as const;
export type ScanKind = (typeof scanKinds)[number];

export const scanKindLabels: Record<ScanKind, string> = {
  arch_scan: 'scan of the jaw being restored',
  opposing_scan: 'scan of the opposing jaw',
  bite_scan: 'bite scan',
  scan_body_scan: 'scan-body scan',
};

type Jaw = 'upper' | 'lower';

type NamedKind = { kind: 'scan_body' } | { kind: 'bite' } | { kind: 'jaw'; jaw: Jaw };

// Checked in this order: "upper-scanbodies.stl" is a scan-body scan, not the upper arch. Scanner
// exports name jaws in English, Latin or German (Oberkiefer / Unterkiefer, OK / UK).
const namePatterns: [RegExp, NamedKind][] = [
  [/scan[\s_-]?bod|(^|[^a-z])sb([^a-z]|$)/i, { kind: 'scan_body' }],
  [/bite|occlus|buccal|bissreg/i, { kind: 'bite' }],
  [/upper|maxill|oberkiefer|(^|[^a-z])(uj|ok)([^a-z]|$)/i, { kind: 'jaw', jaw: 'upper' }],
  [/lower|mandib|unterkiefer|(^|[^a-z])(lj|uk)([^a-z]|$)/i, { kind: 'jaw', jaw: 'lower' }],
];

/** What a file's name says it is, or null when it says nothing a check can use. */
export const namedKindOf = (filename: string): NamedKind | null =>
  namePatterns.find(([pattern]) => pattern.test(filename))?.[1] ?? null;

/**
 * The jaws a case restores: an UPPER case's arch scan is the upper one, its opposing scan the lower. A
 * case whose dentate is not set yet asks for no particular jaw.
 */
const jawsOf = (dentate: Dentate | null): { arch: Jaw[]; opposing: Jaw[] } => {
  switch (dentate) {
    case 'UPPER':
      return { arch: ['upper'], opposing: ['lower'] };
    case 'LOWER':
      return { arch: ['lower'], opposing: ['upper'] };
    case 'BOTH':
      return { arch: ['upper', 'lower'], opposing: [] };
    case 'NONE':
    case null:
      return { arch: [], opposing: [] };
  }
};

export type PreflightFile = {
  id: number;
  filename: string;
  /** pending: named by the order, its bytes not yet sent. */
  state: 'pending' | 'complete';
  /** The scan's reading (STL and PLY files once received); null for other files. */
  mesh: MeshStats | MeshReadFailure | null;
};

export type PreflightInput = {
  dentate: Dentate | null;
  jobType: string;
  /** Final Prosthesis names its shade and material. */
  productClass: string;
  requiredKinds: readonly ScanKind[];
  files: readonly PreflightFile[];
  /** Names of the order's other cases' files: an opposing jaw or a bite is often sent once per order. */
  otherCaseFiles: readonly string[];
  implants: readonly { tooth: number; platform_id: number | null }[];
  /** The order form's values, however the platform nested them. */
  orderForm: Record<string, unknown>;
};

export const orderCheckMessages = {
  fileMissing: (label: string, jobType: string): string =>
    `No ${label} among the files: a ${jobType} needs one. Ask the clinic to send it.`,
  fileNotReceived: (name: string): string =>
    `${name} has not arrived yet: the ordering platform is still sending it.`,
  implantMissing: (jobType: string): string =>
    `A ${jobType} is implant-borne, but the order names no implant system and platform.`,
  toothOutsideJaw: (tooth: number, dentate: Dentate): string =>
    `Tooth ${tooth} is not in the ${dentate === 'UPPER' ? 'upper' : 'lower'} jaw this case restores.`,
  shadeMissing: 'The prescription names no shade: a final prosthesis needs one.',
  materialMissing: 'The prescription names no material: a final prosthesis needs one.',
} as const;

/** A value anywhere in the order form under one of `keys` (platforms nest it differently). */
const findFormValue = (form: unknown, keys: readonly string[], depth = 0): unknown => {
  if (typeof form !== 'object' || form === null || depth > 4) return undefined;
  for (const [key, value] of Object.entries(form)) {
    if (keys.includes(key.toLowerCase()) && typeof value === 'string' && value.trim() !== '') return value;
  }
  for (const value of Object.values(form)) {
    const found = findFormValue(value, keys, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
};

const fileChecks = (input: PreflightInput): PreflightCheck[] => {
  const checks: PreflightCheck[] = [];
  const received = input.files.filter((f) => f.state === 'complete');
  for (const file of input.files) {
    if (file.state === 'pending') {
      checks.push({
        code: 'file_not_received',
        severity: 'warn',
        message: orderCheckMessages.fileNotReceived(file.filename),
        file_id: file.id,
      });
    } else if (file.mesh) {
      checks.push(...meshChecks(file, file.mesh));
    }
  }
  checks.push(
    ...duplicateFileChecks(
      received.flatMap((f) =>
        f.mesh && !('unreadable' in f.mesh)
          ? [{ id: f.id, filename: f.filename, sha256: f.mesh.sha256 }]
          : [],
      ),
    ),
  );
  const kinds = [...input.files.map((f) => f.filename), ...input.otherCaseFiles].map(namedKindOf);
  const jaws = jawsOf(input.dentate);
  const hasJaw = (jaw: Jaw) => kinds.some((k) => k?.kind === 'jaw' && k.jaw === jaw);
  const present: Record<ScanKind, boolean> = {
    arch_scan: jaws.arch.every(hasJaw),
    opposing_scan: jaws.opposing.every(hasJaw),
    bite_scan: kinds.some((k) => k?.kind === 'bite'),
    scan_body_scan: kinds.some((k) => k?.kind === 'scan_body'),
  };
  for (const kind of input.requiredKinds) {
    if (!present[kind]) {
      checks.push({
        code: 'file_missing',
        severity: 'block',
        message: orderCheckMessages.fileMissing(scanKindLabels[kind], input.jobType),
      });
    }
  }
  return checks;
};

const prescriptionChecks = (input: PreflightInput): PreflightCheck[] => {
  const checks: PreflightCheck[] = [];
  // A job type that needs a scan-body scan is implant-borne: it needs at least one implant's platform.
  if (input.requiredKinds.includes('scan_body_scan') && !input.implants.some((i) => i.platform_id !== null)) {
    checks.push({
      code: 'implant_missing',
      severity: 'block',
      message: orderCheckMessages.implantMissing(input.jobType),
    });
  }
  if (input.dentate === 'UPPER' || input.dentate === 'LOWER') {
    const wantsUpper = input.dentate === 'UPPER';
    for (const implant of input.implants) {
      if (isUpperTooth(implant.tooth) !== wantsUpper) {
        checks.push({
          code: 'tooth_outside_jaw',
          severity: 'block',
          message: orderCheckMessages.toothOutsideJaw(implant.tooth, input.dentate),
        });
      }
    }
  }
  if (input.productClass === 'Final Prosthesis') {
    if (findFormValue(input.orderForm, ['shade']) === undefined) {
      checks.push({ code: 'shade_missing', severity: 'block', message: orderCheckMessages.shadeMissing });
    }
    if (findFormValue(input.orderForm, ['material']) === undefined) {
      checks.push({
        code: 'material_missing',
        severity: 'block',
        message: orderCheckMessages.materialMissing,
      });
    }
  }
  return checks;
};

/** Every check of the case, blocks first; ready when none blocks. */
export const preflightChecks = (input: PreflightInput): { ready: boolean; checks: PreflightCheck[] } => {
  const checks = [...fileChecks(input), ...prescriptionChecks(input)].sort(
    (a, b) => Number(b.severity === 'block') - Number(a.severity === 'block'),
  );
  return { ready: !checks.some((c) => c.severity === 'block'), checks };
};

/** A check's message as the clinic reads it: without the lab's own "Ask the clinic to …" advice. */
export const forTheClinic = (message: string): string => message.replace(/\s*Ask the clinic[^.]*\.\s*$/, '');
