import {
  isImplantDraftValid,
  resolveUsingDefaults,
  type Implant,
  type ImplantBody,
  type ImplantDraft,
  type ImplantPlatform,
  type UsingDefaults,
} from '@lab/domain';

/** What the implant form edits; the parts are ids into the market's catalogue. */
export type ImplantFormState = {
  tooth: number | null;
  isPontic: boolean;
  platformId: number | null;
  biaxial: boolean;
  engaging: boolean;
  /** What the user asked for; `resolveUsingDefaults` turns it off where no default exists. */
  wantsDefaults: UsingDefaults;
  screwId: number | null;
  tibaseId: number | null;
};

export const newImplantFormState = (): ImplantFormState => ({
  tooth: null,
  isPontic: false,
  platformId: null,
  biaxial: false,
  engaging: false,
  wantsDefaults: { screw: true, tibase: true },
  screwId: null,
  tibaseId: null,
});

export const implantFormStateOf = (implant: Implant): ImplantFormState => ({
  tooth: implant.tooth,
  isPontic: implant.platform_id === null,
  platformId: implant.platform_id,
  biaxial: implant.biaxial,
  engaging: implant.engaging,
  wantsDefaults: { ...implant.using_defaults },
  screwId: implant.screw?.id ?? null,
  tibaseId: implant.tibase?.id ?? null,
});

export const findFormPlatform = (
  state: ImplantFormState,
  platforms: readonly ImplantPlatform[],
): ImplantPlatform | null =>
  state.isPontic ? null : (platforms.find((p) => p.id === state.platformId) ?? null);

/** The defaults actually in use for the chosen platform and bi-axial option. */
export const effectiveDefaults = (
  state: ImplantFormState,
  platforms: readonly ImplantPlatform[],
): UsingDefaults =>
  resolveUsingDefaults(findFormPlatform(state, platforms), state.biaxial, state.wantsDefaults);

const ref = (id: number | null) => (id === null ? null : { id, name: '' });

/** Spec §5 through the domain rule, plus a tooth and, unless a pontic, a platform. */
export const isImplantFormValid = (
  state: ImplantFormState,
  platforms: readonly ImplantPlatform[],
): boolean => {
  if (state.tooth === null) return false;
  if (state.isPontic) return true;
  const platform = findFormPlatform(state, platforms);
  if (!platform) return false;
  const draft: ImplantDraft = {
    platform,
    biaxial: state.biaxial,
    screw: ref(state.screwId),
    tibase: ref(state.tibaseId),
    using_defaults: state.wantsDefaults,
  };
  return isImplantDraftValid(draft);
};

/** POST/PUT body: a null part asks the server for the platform's default. */
export const implantBodyOf = (
  state: ImplantFormState,
  platforms: readonly ImplantPlatform[],
): ImplantBody => {
  const platform = findFormPlatform(state, platforms);
  if (state.tooth === null) throw new Error('implant form submitted without a tooth');
  if (!platform) {
    return {
      tooth: state.tooth,
      platform_id: null,
      screw_id: null,
      ti_base_id: null,
      bi_axial: false,
      engaging: false,
    };
  }
  const defaults = effectiveDefaults(state, platforms);
  return {
    tooth: state.tooth,
    platform_id: platform.id,
    screw_id: defaults.screw ? null : state.screwId,
    ti_base_id: !platform.to_tibase || defaults.tibase ? null : state.tibaseId,
    bi_axial: state.biaxial,
    engaging: state.engaging,
  };
};
