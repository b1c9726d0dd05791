import { describe, expect, it } from 'vitest';
import type { ImplantPlatform } from '@lab/domain';
import {
  effectiveDefaults,
  implantBodyOf,
  isImplantFormValid,
  newImplantFormState,
} from './implant-form-state';

const platform = (overrides: Partial<ImplantPlatform> = {}): ImplantPlatform => ({
  id: 1,
  name: 'CC NP',
  enabled: true,
  to_tibase: true,
  default_components: {
    straight_screw: { id: 10, name: 'Straight' },
    biaxial_screw: null,
    tibase: { id: 20, name: 'Ti-Base NP' },
  },
  ...overrides,
});

describe('implant form', () => {
  it('needs a tooth, then is valid as a pontic', () => {
    const state = { ...newImplantFormState(), isPontic: true };
    expect(isImplantFormValid(state, [])).toBe(false);
    expect(isImplantFormValid({ ...state, tooth: 11 }, [])).toBe(true);
    expect(implantBodyOf({ ...state, tooth: 11, platformId: 1 }, [platform()])).toEqual({
      tooth: 11,
      platform_id: null,
      screw_id: null,
      ti_base_id: null,
      bi_axial: false,
      engaging: false,
    });
  });

  it('needs a platform unless a pontic', () => {
    expect(isImplantFormValid({ ...newImplantFormState(), tooth: 11 }, [platform()])).toBe(false);
  });

  it('uses the defaults where they exist and sends null parts for them', () => {
    const state = { ...newImplantFormState(), tooth: 11, platformId: 1 };
    expect(isImplantFormValid(state, [platform()])).toBe(true);
    expect(implantBodyOf(state, [platform()])).toMatchObject({ screw_id: null, ti_base_id: null });
  });

  it('turns the default screw off when bi-axial has none, and then asks for a screw', () => {
    const state = { ...newImplantFormState(), tooth: 11, platformId: 1, biaxial: true };
    expect(effectiveDefaults(state, [platform()])).toEqual({ screw: false, tibase: true });
    expect(isImplantFormValid(state, [platform()])).toBe(false);
    const chosen = { ...state, screwId: 11 };
    expect(isImplantFormValid(chosen, [platform()])).toBe(true);
    expect(implantBodyOf(chosen, [platform()])).toMatchObject({
      screw_id: 11,
      ti_base_id: null,
      bi_axial: true,
    });
  });

  it('asks for a ti-base only when the platform uses one', () => {
    const state = {
      ...newImplantFormState(),
      tooth: 11,
      platformId: 1,
      wantsDefaults: { screw: true, tibase: false },
    };
    expect(isImplantFormValid(state, [platform()])).toBe(false);
    expect(isImplantFormValid({ ...state, tibaseId: 21 }, [platform()])).toBe(true);
    expect(isImplantFormValid(state, [platform({ to_tibase: false })])).toBe(true);
    expect(implantBodyOf({ ...state, tibaseId: 21 }, [platform({ to_tibase: false })]).ti_base_id).toBeNull();
  });
});
