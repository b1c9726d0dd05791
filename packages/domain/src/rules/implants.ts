import type { ImplantPlatform } from '../api/reference';

// Implant form and card rules (case-workspace §5 'Implants', collection-views §2 'Implant card').

export type CatalogueRef = { id: number; name: string };

export type UsingDefaults = { screw: boolean; tibase: boolean };

/** What the implant form holds. platform null = a pontic (a tooth with no implant under it). */
export type ImplantDraft = {
  platform: ImplantPlatform | null;
  biaxial: boolean;
  screw: CatalogueRef | null;
  tibase: CatalogueRef | null;
  using_defaults: UsingDefaults;
};

/** The card's warning texts, verbatim from the spec. */
export const implantWarningTexts = {
  platformUnavailable: 'Implant Platform Not Available',
  nonDefaultScrew: 'Non-default screw selected',
  nonDefaultTibase: 'Non-default ti-base',
} as const;
export type ImplantWarning = (typeof implantWarningTexts)[keyof typeof implantWarningTexts];

export const isPontic = (implant: { platform: unknown }): boolean => implant.platform === null;

/** The default screw follows the bi-axial option; null when the platform has none for it. */
export const defaultScrewFor = (platform: ImplantPlatform | null, biaxial: boolean): CatalogueRef | null => {
  if (!platform) return null;
  return (
    (biaxial ? platform.default_components.biaxial_screw : platform.default_components.straight_screw) ?? null
  );
};

/** A ti-base default only matters on a platform whose restorations go on a ti-base. */
export const defaultTibaseFor = (platform: ImplantPlatform | null): CatalogueRef | null =>
  platform?.to_tibase ? (platform.default_components.tibase ?? null) : null;

/** Spec: 'if no default exists, default use is turned off' — the form then asks for a part. */
export const resolveUsingDefaults = (
  platform: ImplantPlatform | null,
  biaxial: boolean,
  wanted: UsingDefaults,
): UsingDefaults => ({
  screw: wanted.screw && defaultScrewFor(platform, biaxial) !== null,
  tibase: wanted.tibase && defaultTibaseFor(platform) !== null,
});

/**
 * Valid if a pontic, or a platform with a screw (chosen, or the default while default use is on) and,
 * when the platform uses a ti-base, a ti-base likewise. Default use only counts where a default exists.
 */
export const isImplantDraftValid = (draft: ImplantDraft): boolean => {
  const { platform } = draft;
  if (!platform) return true;
  const usingDefaults = resolveUsingDefaults(platform, draft.biaxial, draft.using_defaults);
  const hasScrew = usingDefaults.screw || draft.screw !== null;
  const hasTibase = !platform.to_tibase || usingDefaults.tibase || draft.tibase !== null;
  return hasScrew && hasTibase;
};

/** The screw and ti-base that will actually be picked and fitted (picking slips read these). */
export const resolveImplantParts = (
  draft: ImplantDraft,
): { screw: CatalogueRef | null; tibase: CatalogueRef | null } => {
  if (!draft.platform) return { screw: null, tibase: null };
  const usingDefaults = resolveUsingDefaults(draft.platform, draft.biaxial, draft.using_defaults);
  const screw = usingDefaults.screw ? defaultScrewFor(draft.platform, draft.biaxial) : draft.screw;
  if (!draft.platform.to_tibase) return { screw, tibase: null };
  return { screw, tibase: usingDefaults.tibase ? defaultTibaseFor(draft.platform) : draft.tibase };
};

export type ImplantOnCard = {
  platform_id: number | null;
  /** The server's verdict for the case's branch and country; false also means unavailable. */
  platform_valid?: boolean;
  biaxial: boolean;
  screw: { id: number } | null;
  tibase: { id: number } | null;
  using_defaults: UsingDefaults;
};

const isDifferentPart = (chosen: { id: number } | null, fallback: CatalogueRef | null): boolean =>
  chosen !== null && fallback !== null && chosen.id !== fallback.id;

/**
 * Warnings for an implant card. `platform` is the implant's entry in the catalogue of the case's branch
 * and country (undefined or null when it is not there). A pontic has none. A part counts as non-default
 * only when default use is off and it differs from an existing default: with no default there is
 * nothing to deviate from, and choosing the default by hand is still the default.
 */
export const implantWarnings = (
  implant: ImplantOnCard,
  platform: ImplantPlatform | null | undefined,
): ImplantWarning[] => {
  if (implant.platform_id === null) return [];
  const warnings: ImplantWarning[] = [];
  if (!platform || !platform.enabled || implant.platform_valid === false) {
    warnings.push(implantWarningTexts.platformUnavailable);
  }
  if (!platform) return warnings;
  if (
    !implant.using_defaults.screw &&
    isDifferentPart(implant.screw, defaultScrewFor(platform, implant.biaxial))
  ) {
    warnings.push(implantWarningTexts.nonDefaultScrew);
  }
  if (!implant.using_defaults.tibase && isDifferentPart(implant.tibase, defaultTibaseFor(platform))) {
    warnings.push(implantWarningTexts.nonDefaultTibase);
  }
  return warnings;
};
