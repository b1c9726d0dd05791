import { randomBytes } from 'node:crypto';

// A multipart/form-data body for `app.inject`, built by hand so tests control every byte (hostile names,
// wrong content types, exact sizes).

export type MultipartFile = {
  field: string;
  filename: string;
  content: Buffer | string;
  contentType?: string;
};

export const multipartBody = (
  fields: Record<string, string>,
  files: MultipartFile[] = [],
): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----lab${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(file.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** Small real files of each kind the lab handles. */
export const sampleFiles = {
  png: (): Buffer =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  jpeg: (): Buffer =>
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1), Buffer.from([0xff, 0xd9])]),
  pdf: (): Buffer => Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  /** A binary STL of one triangle (84 + 50 bytes). */
  stl: (): Buffer => {
    const buffer = Buffer.alloc(134);
    buffer.write('binary stl', 0);
    buffer.writeUInt32LE(1, 80);
    [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0].forEach((v, i) => buffer.writeFloatLE(v, 84 + i * 4));
    return buffer;
  },
  asciiStl: (): string =>
    'solid cube\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n  endloop\n endfacet\nendsolid cube\n',
  ply: (): string =>
    'ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n',
};
