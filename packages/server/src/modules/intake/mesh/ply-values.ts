import { scalarBytes, type PlyScalar } from './ply-header';
import { EndOfMeshData, MeshReadError } from './mesh-tally';
import { TextTokens } from './text-tokens';

// A PLY body read value by value, the same way whether it is text or binary: the reader walks the
// header's properties and asks for the next value of each type.

export type PlyValues = {
  /** The next value; EndOfMeshData when the body ends first. */
  read(type: PlyScalar): number;
  /** The next value as a list length or vertex index: a whole number ≥ 0, else the file is unreadable. */
  readIndex(type: PlyScalar): number;
  /** Passes over `count` values of `type` without reading them. */
  skip(type: PlyScalar, count: number): void;
  /** Bytes not yet read: an upper bound on how many more records the body can hold. */
  remainingBytes(): number;
};

const asIndex = (value: number): number => {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new MeshReadError(`a list length or vertex index is not a whole number from 0 up (${value})`);
  return value;
};

export class BinaryPlyValues implements PlyValues {
  private readonly view: DataView;
  private offset = 0;

  constructor(
    body: Uint8Array,
    private readonly isLittleEndian: boolean,
  ) {
    this.view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  }

  read(type: PlyScalar): number {
    const at = this.offset;
    const size = scalarBytes[type];
    if (at + size > this.view.byteLength) throw new EndOfMeshData();
    this.offset = at + size;
    switch (type) {
      case 'int8':
        return this.view.getInt8(at);
      case 'uint8':
        return this.view.getUint8(at);
      case 'int16':
        return this.view.getInt16(at, this.isLittleEndian);
      case 'uint16':
        return this.view.getUint16(at, this.isLittleEndian);
      case 'int32':
        return this.view.getInt32(at, this.isLittleEndian);
      case 'uint32':
        return this.view.getUint32(at, this.isLittleEndian);
      case 'float32':
        return this.view.getFloat32(at, this.isLittleEndian);
      case 'float64':
        return this.view.getFloat64(at, this.isLittleEndian);
    }
  }

  readIndex(type: PlyScalar): number {
    return asIndex(this.read(type));
  }

  skip(type: PlyScalar, count: number): void {
    const end = this.offset + scalarBytes[type] * count;
    if (end > this.view.byteLength) throw new EndOfMeshData();
    this.offset = end;
  }

  remainingBytes(): number {
    return this.view.byteLength - this.offset;
  }
}

export class AsciiPlyValues implements PlyValues {
  private readonly tokens: TextTokens;

  constructor(private readonly text: string) {
    this.tokens = new TextTokens(text);
  }

  // Text that is not a number ("nan") reads as NaN: for a coordinate that is a non-finite vertex.
  read(): number {
    return Number(this.tokens.nextOrEnd());
  }

  readIndex(): number {
    return asIndex(this.read());
  }

  skip(_type: PlyScalar, count: number): void {
    for (let i = 0; i < count; i++) this.tokens.nextOrEnd();
  }

  remainingBytes(): number {
    return this.text.length;
  }
}
