import type { CollectionInfo, Generator } from './generator';
import { planPickingSlips } from './plan-parts';

// Benchmark-scale lots as a lab has them: a branch opens a box (lot) of a part and takes from it for the
// next cases that need the part until the box is empty; a supplier's batch of material (zirconia pucks,
// PMMA discs, titanium blanks) likewise serves its run of cases. A recall of one lot then finds what a
// real one would — a box's worth of cases at one branch — at any size of data set. Lots are counted per
// generator run and named from its seed, so a second run (a top-up) opens boxes of its own.

/** Units in a box of a part, and cases milled from one batch of a material. */
const partsPerLot = 250;
const casesPerBatch = 120;

/** FNV-1a: a stable number for a text. */
const hash = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
};

const letter = (n: number): string => String.fromCharCode(65 + (n % 26));
const digits = (n: number, width: number): string => String(n % 10 ** width).padStart(width, '0');

/** Units taken so far of each part (or material) at each branch, per generator run. */
const usesByRun = new WeakMap<Generator, Map<string, number>>();

/** Which box the next `quantity` units of `key` come from (one box per take: a box is not split). */
const boxOf = (g: Generator, key: string, quantity: number, perBox: number): number => {
  const uses = usesByRun.get(g) ?? new Map<string, number>();
  usesByRun.set(g, uses);
  const taken = uses.get(key) ?? 0;
  uses.set(key, taken + quantity);
  return Math.floor(taken / perBox);
};

/** The lot of the box a branch takes a part from, in the supplier's style ('25K04417'). */
export const sharedPartLot = (g: Generator, code: string, branch: string, quantity: number): string => {
  const h = hash(`${g.seed}|${code}|${branch}|${boxOf(g, `${code}|${branch}`, quantity, partsPerLot)}`);
  return `${digits(h >>> 24, 2)}${letter(h)}${digits(h >>> 5, 5)}`;
};

/** The batch of a material a branch mills from, keeping the case's prefix ('ZI-25K-0417'). */
export const sharedMaterialBatch = (
  g: Generator,
  prefix: string,
  materialId: number,
  branch: string,
): string => {
  const h = hash(
    `${g.seed}|${materialId}|${branch}|${boxOf(g, `${materialId}|${branch}`, 1, casesPerBatch)}`,
  );
  return `${prefix}-${digits(h >>> 24, 2)}${letter(h)}-${digits(h >>> 5, 4)}`;
};

/** Gives a generated collection's cases shared material batches and picked slips from shared lots. */
export const planSharedLots = (g: Generator, col: CollectionInfo): void => {
  for (const info of col.cases) {
    const { row } = info;
    if (row.material_batch_number && row.material_id) {
      const prefix = row.material_batch_number.split('-')[0] ?? 'MA';
      row.material_batch_number = sharedMaterialBatch(g, prefix, row.material_id, col.branch.name);
    }
    planPickingSlips(g, col, info, [], (item) => sharedPartLot(g, item.code, col.branch.name, item.quantity));
  }
};
