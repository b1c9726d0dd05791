// The IPP wire encoding (RFC 8010 §3), both ways: a request or response is version (2 bytes), operation id
// or status code (2), request id (4), attribute groups, the end-of-attributes tag, then the document.
// Each attribute is value tag (1), name length (2), name, value length (2), value; further values of the
// same attribute repeat with an empty name. Only what printing needs is typed; any other value's bytes are
// kept as they came, so a printer's full answer still decodes.

export const ippVersion = { major: 2, minor: 0 } as const;

export const ippOperations = {
  printJob: 0x0002,
  validateJob: 0x0004,
  getJobAttributes: 0x0009,
  getPrinterAttributes: 0x000b,
} as const;

export const ippStatus = {
  successfulOk: 0x0000,
  clientErrorBadRequest: 0x0400,
  clientErrorNotFound: 0x0406,
  clientErrorDocumentFormatNotSupported: 0x040a,
  serverErrorInternalError: 0x0500,
  serverErrorOperationNotSupported: 0x0501,
  serverErrorVersionNotSupported: 0x0503,
  serverErrorBusy: 0x0507,
} as const;

/** Delimiter tags: each starts an attribute group (end-of-attributes ends them). */
export const ippGroupTags = {
  operation: 0x01,
  job: 0x02,
  endOfAttributes: 0x03,
  printer: 0x04,
  unsupported: 0x05,
} as const;

export const ippValueTags = {
  unsupported: 0x10,
  unknown: 0x12,
  noValue: 0x13,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  octetString: 0x30,
  dateTime: 0x31,
  textWithoutLanguage: 0x41,
  nameWithoutLanguage: 0x42,
  keyword: 0x44,
  uri: 0x45,
  uriScheme: 0x46,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
} as const;

/** RFC 8011 §5.3.7 job-state. */
export const ippJobStates = {
  pending: 3,
  pendingHeld: 4,
  processing: 5,
  processingStopped: 6,
  canceled: 7,
  aborted: 8,
  completed: 9,
} as const;

export type IppScalar = string | number | boolean | Buffer;
export type IppValue = { tag: number; value: IppScalar };
export type IppAttribute = { name: string; values: IppValue[] };
export type IppGroup = { tag: number; attributes: IppAttribute[] };
export type IppMessage = {
  version: { major: number; minor: number };
  /** operation-id in a request, status-code in a response. */
  code: number;
  requestId: number;
  groups: IppGroup[];
  /** The document of a Print-Job (empty otherwise). */
  data: Buffer;
};

export class IppDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IppDecodeError';
  }
}

const integerTags = new Set<number>([ippValueTags.integer, ippValueTags.enum]);
const stringTags = new Set<number>([
  ippValueTags.textWithoutLanguage,
  ippValueTags.nameWithoutLanguage,
  ippValueTags.keyword,
  ippValueTags.uri,
  ippValueTags.uriScheme,
  ippValueTags.charset,
  ippValueTags.naturalLanguage,
  ippValueTags.mimeMediaType,
]);
// 0x10–0x1f are out-of-band values: no bytes follow.
const isOutOfBand = (tag: number) => tag >= 0x10 && tag <= 0x1f;

/** One attribute with one or more values of one tag. */
export const ippAttribute = (name: string, tag: number, ...values: IppScalar[]): IppAttribute => ({
  name,
  values: values.map((value) => ({ tag, value })),
});

const valueBytes = ({ tag, value }: IppValue): Buffer => {
  if (isOutOfBand(tag)) return Buffer.alloc(0);
  if (integerTags.has(tag)) {
    const bytes = Buffer.alloc(4);
    bytes.writeInt32BE(Number(value));
    return bytes;
  }
  if (tag === ippValueTags.boolean) return Buffer.from([value === true ? 1 : 0]);
  if (Buffer.isBuffer(value)) return value;
  return Buffer.from(String(value), 'utf8');
};

const shortLength = (length: number, what: string): Buffer => {
  if (length > 0x7fff) throw new RangeError(`IPP ${what} is too long (${length} bytes)`);
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(length);
  return bytes;
};

export const encodeIppMessage = (message: IppMessage): Buffer => {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(8);
  head.writeUInt8(message.version.major, 0);
  head.writeUInt8(message.version.minor, 1);
  head.writeUInt16BE(message.code, 2);
  head.writeUInt32BE(message.requestId >>> 0, 4);
  parts.push(head);
  for (const group of message.groups) {
    parts.push(Buffer.from([group.tag]));
    for (const attribute of group.attributes) {
      attribute.values.forEach((value, index) => {
        const name = Buffer.from(index === 0 ? attribute.name : '', 'utf8');
        const bytes = valueBytes(value);
        parts.push(
          Buffer.from([value.tag]),
          shortLength(name.length, 'name'),
          name,
          shortLength(bytes.length, 'value'),
          bytes,
        );
      });
    }
  }
  parts.push(Buffer.from([ippGroupTags.endOfAttributes]), message.data);
  return Buffer.concat(parts);
};

const readValue = (tag: number, bytes: Buffer): IppScalar => {
  if (isOutOfBand(tag)) return '';
  if (integerTags.has(tag)) {
    if (bytes.length !== 4) throw new IppDecodeError(`an integer value of ${bytes.length} bytes`);
    return bytes.readInt32BE(0);
  }
  if (tag === ippValueTags.boolean) {
    if (bytes.length !== 1) throw new IppDecodeError(`a boolean value of ${bytes.length} bytes`);
    return bytes[0] === 1;
  }
  return stringTags.has(tag) ? bytes.toString('utf8') : Buffer.from(bytes);
};

export const decodeIppMessage = (buffer: Buffer): IppMessage => {
  if (buffer.length < 9) throw new IppDecodeError('the message is shorter than its header');
  let at = 8;
  const take = (count: number, what: string): Buffer => {
    if (at + count > buffer.length) throw new IppDecodeError(`the message ends inside ${what}`);
    const slice = buffer.subarray(at, at + count);
    at += count;
    return slice;
  };
  const groups: IppGroup[] = [];
  let group: IppGroup | null = null;
  let attribute: IppAttribute | null = null;
  for (;;) {
    const tag = take(1, 'a tag')[0] ?? 0;
    if (tag === ippGroupTags.endOfAttributes) break;
    if (tag <= 0x0f) {
      group = { tag, attributes: [] };
      groups.push(group);
      attribute = null;
      continue;
    }
    if (!group) throw new IppDecodeError('a value before any attribute group');
    const name = take(take(2, 'a name length').readUInt16BE(0), 'a name').toString('utf8');
    const bytes = take(take(2, 'a value length').readUInt16BE(0), 'a value');
    const value: IppValue = { tag, value: readValue(tag, bytes) };
    if (name === '') {
      if (!attribute) throw new IppDecodeError('an additional value without an attribute');
      attribute.values.push(value);
    } else {
      attribute = { name, values: [value] };
      group.attributes.push(attribute);
    }
  }
  return {
    version: { major: buffer.readUInt8(0), minor: buffer.readUInt8(1) },
    code: buffer.readUInt16BE(2),
    requestId: buffer.readUInt32BE(4),
    groups,
    data: buffer.subarray(at),
  };
};

/** The attribute of that name in the first group of that tag, or undefined. */
export const findIppAttribute = (
  message: Pick<IppMessage, 'groups'>,
  groupTag: number,
  name: string,
): IppAttribute | undefined =>
  message.groups.find((group) => group.tag === groupTag)?.attributes.find((a) => a.name === name);

export const firstIppValue = (
  message: Pick<IppMessage, 'groups'>,
  groupTag: number,
  name: string,
): IppScalar | undefined => findIppAttribute(message, groupTag, name)?.values[0]?.value;

/** `ipp://host/path` → `http://host:631/path` (ipps → https:443 unless a port is given); http(s) stays. */
export const httpUrlOfPrinter = (printerUri: string): string => {
  const url = new URL(printerUri);
  const scheme = url.protocol.toLowerCase();
  if (scheme === 'http:' || scheme === 'https:') return url.toString();
  if (scheme !== 'ipp:' && scheme !== 'ipps:') throw new Error(`not a printer address: ${printerUri}`);
  const port = url.port || (scheme === 'ipp:' ? '631' : '443');
  const host = url.hostname.includes(':') ? `[${url.hostname}]` : url.hostname;
  return `${scheme === 'ipp:' ? 'http' : 'https'}://${host}:${port}${url.pathname}${url.search}`;
};

/** The `printer-uri` attribute names the printer in its ipp form (RFC 8011 §4.1.5). */
export const ippUriOfPrinter = (address: string): string =>
  // A URL object cannot change a special scheme (http) into another one, so the text is rewritten.
  address.replace(/^https:/i, 'ipps:').replace(/^http:/i, 'ipp:');
