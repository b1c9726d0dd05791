import { describe, expect, it } from 'vitest';
import { checkFileContent } from './content-check';
import { checkUploadType, uploadLimitBytes } from './upload-rules';

// ASCII only: the domain package has no TextEncoder (no DOM or Node types).
const bytes = (text: string): Uint8Array => Uint8Array.from(Array.from(text, (c) => c.charCodeAt(0)));
const sampleOf = (name: string, content: Uint8Array) => ({
  name,
  size: content.length,
  head: content.subarray(0, 8192),
  tail: content.subarray(Math.max(0, content.length - 8192)),
});

const binaryStl = (triangles: number, extra = 0): Uint8Array => {
  const content = new Uint8Array(84 + 50 * triangles + extra);
  new DataView(content.buffer).setUint32(80, triangles, true);
  return content;
};

const asciiStl =
  'solid part\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n  endloop\n endfacet\nendsolid part\n';
const asciiPly = 'ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nend_header\n0\n';

describe('checkFileContent', () => {
  it('accepts what the name says', () => {
    expect(checkFileContent(sampleOf('a.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])))).toBeNull();
    expect(
      checkFileContent(
        sampleOf('a.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
      ),
    ).toBeNull();
    expect(checkFileContent(sampleOf('a.pdf', bytes('%PDF-1.7\n')))).toBeNull();
    expect(checkFileContent(sampleOf('a.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0])))).toBeNull();
    expect(checkFileContent(sampleOf('a.stl', binaryStl(3)))).toBeNull();
    expect(checkFileContent(sampleOf('a.stl', bytes(asciiStl)))).toBeNull();
    expect(checkFileContent(sampleOf('a.ply', bytes(asciiPly)))).toBeNull();
    expect(checkFileContent(sampleOf('a.html', bytes('<html></html>')))).toBeNull();
    expect(
      checkFileContent(sampleOf('a.mp4', new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69]))),
    ).toBeNull();
  });

  it('refuses content of another kind, with the message', () => {
    expect(checkFileContent(sampleOf('photo.png', bytes('GIF89a....')))).toBe(
      'photo.png is not a valid PNG file',
    );
    expect(checkFileContent(sampleOf('scan.jpg', new Uint8Array([0x89, 0x50])))).toBe(
      'scan.jpg is not a valid JPG file',
    );
    expect(checkFileContent(sampleOf('a.pdf', bytes('<html>')))).toBe('a.pdf is not a valid PDF file');
    // A binary STL whose size does not follow from its triangle count, and text that is not an STL.
    expect(checkFileContent(sampleOf('a.stl', binaryStl(3, 7)))).toBe('a.stl is not a valid STL file');
    expect(checkFileContent(sampleOf('a.stl', bytes('hello world')))).toBe('a.stl is not a valid STL file');
    expect(checkFileContent(sampleOf('a.ply', bytes('ply\nformat weird 2.0\nend_header\n')))).toBe(
      'a.ply is not a valid PLY file',
    );
    expect(checkFileContent(sampleOf('a.html', new Uint8Array([60, 0, 62])))).toBe(
      'a.html is not a valid HTML file',
    );
    expect(checkFileContent(sampleOf('empty.pdf', new Uint8Array()))).toBe('empty.pdf is empty');
  });

  it('allows the lab’s types only, with a limit for every category', () => {
    expect(checkUploadType('upper.STL')).toBeNull();
    expect(checkUploadType('tool.exe')).toMatch(/^tool\.exe: files of this type cannot be uploaded/);
    expect(checkUploadType('noextension')).not.toBeNull();
    expect(Object.values(uploadLimitBytes).every((limit) => limit > 0)).toBe(true);
  });
});
