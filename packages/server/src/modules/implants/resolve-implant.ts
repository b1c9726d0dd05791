import {
  AppError,
  defaultScrewFor,
  defaultTibaseFor,
  implantMessages,
  isImplantDraftValid,
  resolveImplantParts,
  resolveUsingDefaults,
  type CatalogueRef,
  type ImplantBody,
  type ImplantDraft,
} from '@lab/domain';
import type { Queryable } from '../../db/client';
import { findImplantPlatforms, findScrews, findTiBases } from '../reference/implant-catalogue';
import type { ImplantMarket } from './load-implant';

/** The columns of an implant row that a create or an update writes. */
export type ImplantValues = {
  tooth: number;
  platform_id: number | null;
  screw_id: number | null;
  tibase_id: number | null;
  biaxial: boolean;
  engaging: boolean;
  using_default_screw: boolean;
  using_default_tibase: boolean;
};

type FieldErrors = Partial<Record<keyof ImplantBody, string>>;

const failWith = (fields: FieldErrors): AppError => {
  const messages = Object.values(fields);
  return new AppError('validation_failed', { message: messages[0] ?? 'Invalid request', fields });
};

const resolvePontic = (body: ImplantBody): ImplantValues => {
  const fields: FieldErrors = {};
  if (body.screw_id !== null) fields.screw_id = implantMessages.ponticHasNoParts;
  if (body.ti_base_id !== null) fields.ti_base_id = implantMessages.ponticHasNoParts;
  if (body.bi_axial) fields.bi_axial = implantMessages.ponticHasNoOptions;
  if (body.engaging) fields.engaging = implantMessages.ponticHasNoOptions;
  if (Object.keys(fields).length > 0) throw failWith(fields);
  return {
    tooth: body.tooth,
    platform_id: null,
    screw_id: null,
    tibase_id: null,
    biaxial: false,
    engaging: false,
    using_default_screw: false,
    using_default_tibase: false,
  };
};

/** A part chosen by hand must be offered in the case's market and still enabled. */
const findOfferedPart = async (
  load: (
    q: Queryable,
    branchId: number,
    country: string,
  ) => Promise<{ id: number; name: string; enabled: boolean }[]>,
  q: Queryable,
  market: ImplantMarket,
  id: number,
): Promise<CatalogueRef | null> => {
  const part = (await load(q, market.branchId, market.country)).find((p) => p.id === id && p.enabled);
  return part ? { id: part.id, name: part.name } : null;
};

/**
 * Checks a POST/PUT body against the case's catalogue and decides the parts to store, using the form
 * rules of `@lab/domain` (rules/implants.ts). A null screw or ti-base asks for the platform's default;
 * choosing the default by hand also counts as using it, so it follows a later bi-axial change.
 */
export const resolveImplant = async (
  q: Queryable,
  market: ImplantMarket,
  body: ImplantBody,
): Promise<ImplantValues> => {
  if (body.platform_id === null) return resolvePontic(body);

  const platforms = await findImplantPlatforms(q, market.branchId, market.country);
  const platform = platforms.find((p) => p.id === body.platform_id && p.enabled);
  if (!platform) throw failWith({ platform_id: implantMessages.platformNotAvailable });

  const fields: FieldErrors = {};
  let screw: CatalogueRef | null = null;
  if (body.screw_id !== null) {
    screw = await findOfferedPart(findScrews, q, market, body.screw_id);
    if (!screw) fields.screw_id = implantMessages.screwNotAvailable;
  }
  let tibase: CatalogueRef | null = null;
  if (body.ti_base_id !== null) {
    if (!platform.to_tibase) fields.ti_base_id = implantMessages.tibaseNotUsed;
    else {
      tibase = await findOfferedPart(findTiBases, q, market, body.ti_base_id);
      if (!tibase) fields.ti_base_id = implantMessages.tibaseNotAvailable;
    }
  }

  const draft: ImplantDraft = {
    platform,
    biaxial: body.bi_axial,
    screw,
    tibase,
    using_defaults: {
      screw: screw === null || screw.id === defaultScrewFor(platform, body.bi_axial)?.id,
      tibase: tibase === null || tibase.id === defaultTibaseFor(platform)?.id,
    },
  };
  const parts = resolveImplantParts(draft);
  if (!isImplantDraftValid(draft)) {
    // Spec §5: a screw when there is no default for the bi-axial option, a ti-base when the platform
    // uses one and has no default.
    if (parts.screw === null) fields.screw_id ??= implantMessages.mustBeSelected;
    if (platform.to_tibase && parts.tibase === null) fields.ti_base_id ??= implantMessages.mustBeSelected;
  }
  if (Object.keys(fields).length > 0) throw failWith(fields);

  const usingDefaults = resolveUsingDefaults(platform, body.bi_axial, draft.using_defaults);
  return {
    tooth: body.tooth,
    platform_id: platform.id,
    screw_id: parts.screw?.id ?? null,
    tibase_id: parts.tibase?.id ?? null,
    biaxial: body.bi_axial,
    engaging: body.engaging,
    using_default_screw: usingDefaults.screw,
    using_default_tibase: usingDefaults.tibase,
  };
};
