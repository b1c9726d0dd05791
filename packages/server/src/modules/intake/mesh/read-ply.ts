import type { MeshStats } from '@lab/domain';
import { readPlyHeader, scalarBytes, type PlyElement, type PlyHeader } from './ply-header';
import { AsciiPlyValues, BinaryPlyValues, type PlyValues } from './ply-values';
import { EndOfMeshData, MeshReadError, type MeshTally } from './mesh-tally';
import { latin1 } from './text-tokens';

// A PLY scan: the vertex element's x, y, z (other vertex properties, normals and colours, are passed
// over) and the face element's vertex index lists, a polygon of n corners as n − 2 triangles fanned from
// its first corner. Elements other than these two are passed over; reading stops after the faces.

const faceListNames = new Set(['vertex_indices', 'vertex_index']);

/** Fewest bytes one record of `element` can take: caps what a lying count may make us allocate. */
const smallestRecordBytes = (element: PlyElement, isText: boolean): number =>
  Math.max(
    1,
    element.properties.reduce(
      (sum, p) => sum + (isText ? 2 : p.isList ? scalarBytes[p.countType] : scalarBytes[p.type]),
      0,
    ),
  );

const skipRecord = (element: PlyElement, values: PlyValues): void => {
  for (const property of element.properties) {
    if (property.isList) values.skip(property.itemType, values.readIndex(property.countType));
    else values.skip(property.type, 1);
  }
};

const axisOf = (name: string): number => (name === 'x' ? 0 : name === 'y' ? 1 : name === 'z' ? 2 : -1);

/** Reads the vertices into one flat array (x, y, z per vertex): the faces refer to them by index. */
const readVertices = (
  element: PlyElement,
  values: PlyValues,
  tally: MeshTally,
  isText: boolean,
): Float64Array => {
  const axes = element.properties.map((p) => (p.isList ? -1 : axisOf(p.name)));
  if (![0, 1, 2].every((axis) => axes.includes(axis)))
    throw new MeshReadError('its vertices have no x, y and z');
  const room = Math.floor(values.remainingBytes() / smallestRecordBytes(element, isText));
  const coordinates = new Float64Array(3 * Math.min(element.count, room + 1));
  const point = [0, 0, 0];
  for (let v = 0; v < element.count; v++) {
    for (let p = 0; p < element.properties.length; p++) {
      const property = element.properties[p];
      if (!property) continue;
      if (property.isList) values.skip(property.itemType, values.readIndex(property.countType));
      else if ((axes[p] ?? -1) >= 0) point[axes[p] ?? 0] = values.read(property.type);
      else values.skip(property.type, 1);
    }
    const [x = 0, y = 0, z = 0] = point;
    coordinates[3 * v] = x;
    coordinates[3 * v + 1] = y;
    coordinates[3 * v + 2] = z;
    tally.addVertex(x, y, z);
  }
  return coordinates;
};

const readFaces = (
  element: PlyElement,
  values: PlyValues,
  tally: MeshTally,
  coordinates: Float64Array,
): void => {
  if (!element.properties.some((p) => p.isList && faceListNames.has(p.name)))
    throw new MeshReadError('its faces have no vertex_indices list');
  const vertexCount = coordinates.length / 3;
  const cornerAt = (index: number): number => {
    if (index < 0 || index >= vertexCount)
      throw new MeshReadError(`a face refers to vertex ${index}, but there are only ${vertexCount}`);
    return 3 * index;
  };
  for (let f = 0; f < element.count; f++) {
    for (const property of element.properties) {
      if (!property.isList) {
        values.skip(property.type, 1);
        continue;
      }
      const corners = values.readIndex(property.countType);
      if (!faceListNames.has(property.name)) {
        values.skip(property.itemType, corners);
        continue;
      }
      if (corners < 3) {
        // A point or an edge, not a surface: no triangles to count.
        values.skip(property.itemType, corners);
        continue;
      }
      const a = cornerAt(values.readIndex(property.itemType));
      let b = cornerAt(values.readIndex(property.itemType));
      for (let k = 2; k < corners; k++) {
        const c = cornerAt(values.readIndex(property.itemType));
        tally.addTriangle(
          coordinates[a] ?? 0,
          coordinates[a + 1] ?? 0,
          coordinates[a + 2] ?? 0,
          coordinates[b] ?? 0,
          coordinates[b + 1] ?? 0,
          coordinates[b + 2] ?? 0,
          coordinates[c] ?? 0,
          coordinates[c + 1] ?? 0,
          coordinates[c + 2] ?? 0,
        );
        b = c;
      }
    }
  }
};

const valuesOf = (header: PlyHeader, body: Uint8Array): PlyValues =>
  header.format === 'ascii'
    ? new AsciiPlyValues(latin1(body))
    : new BinaryPlyValues(body, header.format === 'binary_little_endian');

/** Tallies a file that starts with `ply`; the format reported is ply-ascii or ply-binary. */
export const readPly = (
  bytes: Uint8Array,
  tally: MeshTally,
): { format: MeshStats['format']; truncated: boolean } => {
  const header = readPlyHeader(bytes);
  const format = header.format === 'ascii' ? 'ply-ascii' : 'ply-binary';
  const vertexElement = header.elements.find((e) => e.name === 'vertex');
  if (!vertexElement) throw new MeshReadError('the PLY file has no vertex element');
  const faceElement = header.elements.find((e) => e.name === 'face');
  if (faceElement && header.elements.indexOf(faceElement) < header.elements.indexOf(vertexElement))
    throw new MeshReadError('its faces come before its vertices');
  const values = valuesOf(header, bytes.subarray(header.bodyOffset));
  const isText = header.format === 'ascii';
  try {
    let coordinates: Float64Array = new Float64Array(0);
    for (const element of header.elements) {
      if (element === vertexElement) coordinates = readVertices(element, values, tally, isText);
      else if (element === faceElement) {
        readFaces(element, values, tally, coordinates);
        break; // Nothing after the faces is part of the scan.
      } else for (let r = 0; r < element.count; r++) skipRecord(element, values);
      if (element === vertexElement && !faceElement) break; // A point cloud: nothing more to count.
    }
    return { format, truncated: false };
  } catch (error) {
    if (error instanceof EndOfMeshData) return { format, truncated: true };
    throw error;
  }
};
