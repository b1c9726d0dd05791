import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoMaInstruction,
  autoMaLink,
  canExportComponents,
  caseFolderPath,
  componentExportBodySchema,
  encodeHelperArgument,
  explorerLink,
  findNexusSessionId,
  isStockOut,
  stockAdjustmentSchema,
  stockChipLabel,
} from './stock-and-helpers';

// A decoder written apart from the encoder: base64url without padding back to UTF-8 text.
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const decode = (encoded: string): string => {
  const bits = [...encoded].map((char) => alphabet.indexOf(char).toString(2).padStart(6, '0')).join('');
  const bytes = (bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2));
  return decodeURIComponent(bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
};

describe('stock', () => {
  it('is out at zero or less', () => {
    expect([5, 1, 0, -1].map((quantity_on_hand) => isStockOut({ quantity_on_hand }))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(stockChipLabel({ quantity_on_hand: -2, location: 'B2-07' })).toBe('SOH -2 · B2-07');
    expect(stockChipLabel({ quantity_on_hand: 3, location: null })).toBe('SOH 3');
  });

  it('takes an adjustment or a shelf with a reason; an empty shelf clears it', () => {
    expect(stockAdjustmentSchema.parse({ location: '', reason: ' Count ' })).toEqual({
      location: null,
      reason: 'Count',
    });
    expect(stockAdjustmentSchema.safeParse({ reason: 'Count' }).success).toBe(false);
  });
});

describe('folder helpers', () => {
  it('builds the case folder on the branch share by the folder structure', () => {
    const at = { branchCode: 'MEL', collectionId: 120034, caseMkey: '120034-01' };
    expect(caseFolderPath({ ...at, isNewFolderStructure: true })).toBe(
      '\\\\mel-fs01\\cases\\120034\\120034-01',
    );
    expect(caseFolderPath({ ...at, isNewFolderStructure: false })).toBe(
      '\\\\mel-fs01\\current-cases\\120034-01',
    );
  });

  it('encodes a path as base64url without padding', () => {
    expect(['', 'f', 'fo', 'foo', 'é', '€', '😀'].map(encodeHelperArgument)).toEqual([
      '',
      'Zg',
      'Zm8',
      'Zm9v',
      'w6k',
      '4oKs',
      '8J-YgA',
    ]);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const encoded = encodeHelperArgument(text);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(decode(encoded)).toBe(text);
      }),
    );
  });

  it('links the helper: explorer with the path, osteonLauncher with the path and the key', () => {
    const path = '\\\\mel-fs01\\cases\\120034\\120034-01';
    expect(explorerLink(path)).toBe(`oephelper://explorer/${encodeHelperArgument(path)}`);
    expect(autoMaLink('a+b', path)).toBe(
      `oephelper://osteonLauncher/${encodeHelperArgument(path)}?key=a%2Bb`,
    );
    expect(autoMaInstruction(['\\\\a\\1', '\\\\a\\2'])).toBe('AUTO_MA;\\\\a\\1;\\\\a\\2');
  });
});

describe('component export', () => {
  it("finds the newest nexus_connect result's session id", () => {
    const result = (type: string, payload: Record<string, unknown>) => ({ type, payload });
    expect(findNexusSessionId({ automation_results: [] })).toBeNull();
    expect(
      findNexusSessionId({
        automation_results: [
          result('nexus_connect', { nc_session_id: 'old' }),
          result('nexus_connect', { nc_session_id: 'new' }),
          result('nexus_connect', {}),
          result('other', { nc_session_id: 'x' }),
        ],
      }),
    ).toBe('new');
    expect(
      findNexusSessionId({ automation_results: [result('nexus_connect', { nc_session_id: 7 })] }),
    ).toBeNull();
  });

  it('enables Export with a scan body, and a healing cap too when it is enabled', () => {
    fc.assert(
      fc.property(
        fc.option(fc.nat()),
        fc.boolean(),
        fc.option(fc.nat()),
        (scanBodyId, isHealingCapEnabled, healingCapId) => {
          expect(canExportComponents({ scanBodyId, isHealingCapEnabled, healingCapId })).toBe(
            scanBodyId !== null && (!isHealingCapEnabled || healingCapId !== null),
          );
        },
      ),
    );
  });

  it('checks the export body', () => {
    expect(componentExportBodySchema.safeParse({ nc_session_id: 'nc-1', scan_body_id: 3 }).success).toBe(
      true,
    );
    expect(componentExportBodySchema.safeParse({ nc_session_id: 'nc 1', scan_body_id: 3 }).success).toBe(
      false,
    );
    expect(componentExportBodySchema.safeParse({ nc_session_id: 'nc-1', scan_body_id: 0 }).success).toBe(
      false,
    );
  });
});
