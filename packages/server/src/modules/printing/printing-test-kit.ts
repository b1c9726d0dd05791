import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { branches, pick_items, picking_slips, printers } from '../../db/schema/index';
import { changeUsers } from '../../testing/change-users';

// What the printing tests read documents with: pdf.js's text of each page and its rendering of a page
// (testing/pdf-reading.ts), and ZXing decoding the rendered page's barcodes as a scanner would read the
// printed label. Plus the few rows the tests set up (the employee's branch, a picked slip, a pdf printer).

/** The PDF's text, one string per page, laid out as printed; and one page rendered as a PNG at a dpi. */
export { readPdfPages as pdfPagesText, renderPdfPage } from '../../testing/pdf-reading';

const zxingFormats = {
  qrcode: BarcodeFormat.QR_CODE,
  code128: BarcodeFormat.CODE_128,
  datamatrix: BarcodeFormat.DATA_MATRIX,
} as const;

/** A part of the page as fractions of its width and height (a scanner aimed at one symbol). */
export type PageRegion = { left: number; top: number; width: number; height: number };

/** Decodes the one barcode of that kind on a rendered page, or in a region of it (as a scanner reads it). */
export const decodeBarcode = async (
  png: Buffer,
  kind: keyof typeof zxingFormats,
  region?: PageRegion,
): Promise<string> => {
  let image = sharp(png).flatten({ background: '#ffffff' });
  if (region) {
    const { width = 0, height = 0 } = await sharp(png).metadata();
    image = image.extract({
      left: Math.round(width * region.left),
      top: Math.round(height * region.top),
      width: Math.round(width * region.width),
      height: Math.round(height * region.height),
    });
  }
  // A thermal printer's dot is black or white: what the rendering greys (the anti-aliased seam where two
  // of a symbol's rectangles meet) prints black from half coverage on.
  const { data, info } = await image.greyscale().threshold(128).raw().toBuffer({ resolveWithObject: true });
  const luminance = new Uint8ClampedArray(data.buffer, data.byteOffset, info.width * info.height);
  const source = new RGBLuminanceSource(luminance, info.width, info.height);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [zxingFormats[kind]]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
};

export const branchIdOf = async (db: Db, name: string): Promise<number> => {
  const [row] = await db.select({ id: branches.id }).from(branches).where(eq(branches.name, name)).limit(1);
  if (!row) throw new Error(`no branch ${name}`);
  return row.id;
};

/** Makes the signed-in employee (by username) work at a branch: its printers become theirs. */
export const placeAtBranch = async (db: Db, username: string, branch: string): Promise<void> => {
  await changeUsers(db, [username], { branch_id: await branchIdOf(db, branch) });
};

/** The seeded printer of a branch by the end of its name ('Lab Label (Zebra)', 'Front Desk Receipt' …). */
export const seededPrinter = async (db: Db, branch: string, suffix: string) => {
  const [row] = await db
    .select()
    .from(printers)
    .where(eq(printers.printer_name, `${branch} ${suffix}`))
    .limit(1);
  if (!row) throw new Error(`no printer ${branch} ${suffix}`);
  return row;
};

export const createPdfPrinter = async (
  db: Db,
  branch: string,
  printType: 'label' | 'receipt' | 'document',
) => {
  const [row] = await db
    .insert(printers)
    .values({
      printer_name: `${branch} PDF ${printType}`,
      print_type: printType,
      branch_id: await branchIdOf(db, branch),
      destination: 'pdf',
    })
    .returning();
  if (!row) throw new Error('pdf printer not created');
  return row;
};

/** A picked slip of the case with these items and lot numbers (a list lined up with the items). */
export const createPickedSlip = async (
  db: Db,
  caseUid: string,
  items: { code: string; description: string; type: string; quantity: number }[],
  lotNumbers: unknown,
) => {
  const [slip] = await db
    .insert(picking_slips)
    .values({ case_uid: caseUid, picked_at: new Date('2026-11-10T03:00:00Z'), lot_numbers: lotNumbers })
    .returning();
  if (!slip) throw new Error('slip not created');
  await db.insert(pick_items).values(items.map((item) => ({ ...item, picking_slip_id: slip.id })));
  return slip;
};
