import type { MeshFormat, MeshStats } from '@lab/domain';

// The running counts every reader feeds, one vertex and one triangle at a time, with no object per
// facet: a 50 MB scan is a million triangles.

/** Below this cross-product length a triangle has no area worth the name (collapsed or a sliver). */
const degenerateCrossLength = 1e-12;
const degenerateCrossSquared = degenerateCrossLength * degenerateCrossLength;

export class MeshTally {
  facets = 0;
  vertices = 0;
  nonFiniteVertices = 0;
  degenerateFacets = 0;
  private minX = Infinity;
  private minY = Infinity;
  private minZ = Infinity;
  private maxX = -Infinity;
  private maxY = -Infinity;
  private maxZ = -Infinity;

  /** Counts a vertex record; only finite ones shape the bounding box. */
  addVertex(x: number, y: number, z: number): void {
    this.vertices++;
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) {
      this.nonFiniteVertices++;
      return;
    }
    if (x < this.minX) this.minX = x;
    if (x > this.maxX) this.maxX = x;
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
    if (z < this.minZ) this.minZ = z;
    if (z > this.maxZ) this.maxZ = z;
  }

  /** Counts a triangle; one with a non-finite corner is the vertex count's business, not degenerate. */
  addTriangle(
    ax: number,
    ay: number,
    az: number,
    bx: number,
    by: number,
    bz: number,
    cx: number,
    cy: number,
    cz: number,
  ): void {
    this.facets++;
    const ux = bx - ax;
    const uy = by - ay;
    const uz = bz - az;
    const vx = cx - ax;
    const vy = cy - ay;
    const vz = cz - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    // NaN compares false, so a triangle with a non-finite corner is never counted here.
    if (nx * nx + ny * ny + nz * nz < degenerateCrossSquared) this.degenerateFacets++;
  }

  statsOf(format: MeshFormat, sha256: string, truncated: boolean): MeshStats {
    const hasBox = this.minX <= this.maxX;
    return {
      format,
      facets: this.facets,
      vertices: this.vertices,
      nonFiniteVertices: this.nonFiniteVertices,
      degenerateFacets: this.degenerateFacets,
      bbox: hasBox
        ? { min: [this.minX, this.minY, this.minZ], max: [this.maxX, this.maxY, this.maxZ] }
        : null,
      sha256,
      truncated,
    };
  }
}

/** A file that is not a mesh of a format we read, with the reason the technician will see. */
export class MeshReadError extends Error {}

/** Thrown by a reader at the end of the bytes: the caller reports what was read as truncated. */
export class EndOfMeshData extends Error {}
