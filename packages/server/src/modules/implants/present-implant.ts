import type { Implant } from '@lab/domain';

/** One implant as read with its platform, parts and whether the platform is offered in the case's market. */
export type ImplantReadRow = {
  id: number;
  tooth: number;
  platform_id: number | null;
  platform_name: string | null;
  platform_enabled: boolean | null;
  platform_offered: boolean;
  to_tibase: boolean | null;
  screw_id: number | null;
  screw_name: string | null;
  screw_code: string | null;
  tibase_id: number | null;
  tibase_name: string | null;
  tibase_code: string | null;
  biaxial: boolean;
  engaging: boolean;
  using_default_screw: boolean;
  using_default_tibase: boolean;
};

const ref = (id: number | null, name: string | null, code: string | null) =>
  id === null || name === null || code === null ? null : { id, name, code };

export const presentImplant = (row: ImplantReadRow): Implant => ({
  id: row.id,
  tooth: row.tooth,
  platform_id: row.platform_id,
  platform: row.platform_name,
  screw: ref(row.screw_id, row.screw_name, row.screw_code),
  tibase: ref(row.tibase_id, row.tibase_name, row.tibase_code),
  biaxial: row.biaxial,
  engaging: row.engaging,
  using_defaults: { screw: row.using_default_screw, tibase: row.using_default_tibase },
  // A pontic has no platform that could be unavailable.
  platform_valid: row.platform_id === null || (row.platform_offered && row.platform_enabled === true),
  to_tibase: row.to_tibase ?? false,
});
