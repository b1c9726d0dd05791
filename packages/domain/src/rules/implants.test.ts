import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { implantPlatformSchema } from '../api/reference';
import type { ImplantPlatform } from '../api/reference';
import {
  defaultScrewFor,
  defaultTibaseFor,
  implantWarnings,
  implantWarningTexts,
  isImplantDraftValid,
  isPontic,
  resolveImplantParts,
  resolveUsingDefaults,
} from './implants';
import type { ImplantDraft, ImplantOnCard } from './implants';

const straight = { id: 1, name: 'Straight screw' };
const biaxial = { id: 2, name: 'Bi-axial screw' };
const tibase = { id: 3, name: 'Ti-base RC' };
const otherScrew = { id: 9, name: 'Other screw' };
const otherTibase = { id: 8, name: 'Other ti-base' };

const platform = (overrides: Partial<ImplantPlatform> = {}): ImplantPlatform =>
  implantPlatformSchema.parse({
    id: 10,
    name: 'Straumann BLT RC',
    enabled: true,
    to_tibase: true,
    default_components: { straight_screw: straight, biaxial_screw: biaxial, tibase },
    ...overrides,
  });

const draft = (overrides: Partial<ImplantDraft> = {}): ImplantDraft => ({
  platform: platform(),
  biaxial: false,
  screw: null,
  tibase: null,
  using_defaults: { screw: true, tibase: true },
  ...overrides,
});

const onCard = (overrides: Partial<ImplantOnCard> = {}): ImplantOnCard => ({
  platform_id: 10,
  biaxial: false,
  screw: null,
  tibase: null,
  using_defaults: { screw: true, tibase: true },
  ...overrides,
});

const noDefaults = { straight_screw: null, biaxial_screw: null, tibase: null };

describe('default parts', () => {
  it('follows the bi-axial option for the screw', () => {
    expect(defaultScrewFor(platform(), false)).toEqual(straight);
    expect(defaultScrewFor(platform(), true)).toEqual(biaxial);
  });

  it('answers null when there is no default or no platform', () => {
    expect(defaultScrewFor(platform({ default_components: { ...noDefaults, tibase } }), true)).toBeNull();
    expect(defaultScrewFor(null, false)).toBeNull();
    expect(defaultTibaseFor(null)).toBeNull();
  });

  it('has a ti-base default only on a ti-base platform', () => {
    expect(defaultTibaseFor(platform())).toEqual(tibase);
    expect(defaultTibaseFor(platform({ to_tibase: false }))).toBeNull();
  });

  it('turns default use off where no default exists', () => {
    const bare = platform({ default_components: { ...noDefaults, straight_screw: straight } });
    expect(resolveUsingDefaults(bare, false, { screw: true, tibase: true })).toEqual({
      screw: true,
      tibase: false,
    });
    expect(resolveUsingDefaults(bare, true, { screw: true, tibase: true })).toEqual({
      screw: false,
      tibase: false,
    });
    expect(resolveUsingDefaults(platform(), false, { screw: false, tibase: false })).toEqual({
      screw: false,
      tibase: false,
    });
  });
});

describe('isImplantDraftValid', () => {
  it('accepts a pontic', () => {
    const pontic = draft({ platform: null, using_defaults: { screw: false, tibase: false } });
    expect(isPontic(pontic)).toBe(true);
    expect(isImplantDraftValid(pontic)).toBe(true);
  });

  it('accepts a platform on its defaults', () => {
    expect(isImplantDraftValid(draft())).toBe(true);
    expect(isImplantDraftValid(draft({ biaxial: true }))).toBe(true);
  });

  it('wants a screw when default screw is off', () => {
    const off = { screw: false, tibase: true };
    expect(isImplantDraftValid(draft({ using_defaults: off }))).toBe(false);
    expect(isImplantDraftValid(draft({ using_defaults: off, screw: otherScrew }))).toBe(true);
  });

  it('wants a ti-base when the platform uses one and default ti-base is off', () => {
    const off = { screw: true, tibase: false };
    expect(isImplantDraftValid(draft({ using_defaults: off }))).toBe(false);
    expect(isImplantDraftValid(draft({ using_defaults: off, tibase: otherTibase }))).toBe(true);
    expect(
      isImplantDraftValid(draft({ using_defaults: off, platform: platform({ to_tibase: false }) })),
    ).toBe(true);
  });

  it('does not count default use where no default exists', () => {
    const bare = platform({ default_components: noDefaults });
    expect(isImplantDraftValid(draft({ platform: bare }))).toBe(false);
    expect(isImplantDraftValid(draft({ platform: bare, screw: otherScrew }))).toBe(false);
    expect(isImplantDraftValid(draft({ platform: bare, screw: otherScrew, tibase: otherTibase }))).toBe(true);
    const noBiaxial = platform({ default_components: { ...noDefaults, straight_screw: straight, tibase } });
    expect(isImplantDraftValid(draft({ platform: noBiaxial }))).toBe(true);
    expect(isImplantDraftValid(draft({ platform: noBiaxial, biaxial: true }))).toBe(false);
  });

  it('is always valid once both parts are chosen by hand', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (bi, toTibase, useScrew, useTibase) => {
          const d = draft({
            platform: platform({ to_tibase: toTibase, default_components: noDefaults }),
            biaxial: bi,
            screw: otherScrew,
            tibase: otherTibase,
            using_defaults: { screw: useScrew, tibase: useTibase },
          });
          expect(isImplantDraftValid(d)).toBe(true);
        },
      ),
    );
  });
});

describe('resolveImplantParts', () => {
  it('uses the defaults while default use is on', () => {
    expect(resolveImplantParts(draft())).toEqual({ screw: straight, tibase });
    expect(resolveImplantParts(draft({ biaxial: true }))).toEqual({ screw: biaxial, tibase });
  });

  it('uses the chosen parts while default use is off', () => {
    const d = draft({
      using_defaults: { screw: false, tibase: false },
      screw: otherScrew,
      tibase: otherTibase,
    });
    expect(resolveImplantParts(d)).toEqual({ screw: otherScrew, tibase: otherTibase });
  });

  it('fits no ti-base on a platform without one, and nothing on a pontic', () => {
    expect(
      resolveImplantParts(draft({ platform: platform({ to_tibase: false }), tibase: otherTibase })),
    ).toEqual({ screw: straight, tibase: null });
    expect(resolveImplantParts(draft({ platform: null, screw: otherScrew }))).toEqual({
      screw: null,
      tibase: null,
    });
  });
});

describe('implantWarnings', () => {
  it('has the spec texts', () => {
    expect(implantWarningTexts).toEqual({
      platformUnavailable: 'Implant Platform Not Available',
      nonDefaultScrew: 'Non-default screw selected',
      nonDefaultTibase: 'Non-default ti-base',
    });
  });

  it('warns nothing for a pontic or an implant on its defaults', () => {
    expect(implantWarnings(onCard({ platform_id: null }), undefined)).toEqual([]);
    expect(implantWarnings(onCard(), platform())).toEqual([]);
  });

  it('warns when the platform is missing, disabled or not valid for the case', () => {
    expect(implantWarnings(onCard(), undefined)).toEqual(['Implant Platform Not Available']);
    expect(implantWarnings(onCard(), null)).toEqual(['Implant Platform Not Available']);
    expect(implantWarnings(onCard(), platform({ enabled: false }))).toEqual([
      'Implant Platform Not Available',
    ]);
    expect(implantWarnings(onCard({ platform_valid: false }), platform())).toEqual([
      'Implant Platform Not Available',
    ]);
  });

  it('warns about a screw other than the default', () => {
    const card = onCard({ using_defaults: { screw: false, tibase: true }, screw: otherScrew });
    expect(implantWarnings(card, platform())).toEqual(['Non-default screw selected']);
  });

  it('compares the screw with the default for the bi-axial option', () => {
    const card = onCard({ using_defaults: { screw: false, tibase: true }, screw: straight, biaxial: true });
    expect(implantWarnings(card, platform())).toEqual(['Non-default screw selected']);
    expect(implantWarnings({ ...card, biaxial: false }, platform())).toEqual([]);
  });

  it('warns about a ti-base other than the default', () => {
    const card = onCard({ using_defaults: { screw: true, tibase: false }, tibase: otherTibase });
    expect(implantWarnings(card, platform())).toEqual(['Non-default ti-base']);
    expect(implantWarnings(card, platform({ to_tibase: false }))).toEqual([]);
  });

  it('does not warn where there is no default to differ from', () => {
    const card = onCard({
      using_defaults: { screw: false, tibase: false },
      screw: otherScrew,
      tibase: otherTibase,
    });
    expect(implantWarnings(card, platform({ default_components: noDefaults }))).toEqual([]);
  });

  it('lists every warning that applies, in card order', () => {
    const card = onCard({
      using_defaults: { screw: false, tibase: false },
      screw: otherScrew,
      tibase: otherTibase,
    });
    expect(implantWarnings(card, platform({ enabled: false }))).toEqual([
      'Implant Platform Not Available',
      'Non-default screw selected',
      'Non-default ti-base',
    ]);
  });
});
