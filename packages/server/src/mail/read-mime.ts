// Just enough MIME to show what the local mailbox received: the headers, and the text and HTML parts of
// a (possibly nested) multipart message in 7bit, 8bit, quoted-printable or base64, UTF-8 only. It reads
// what nodemailer writes; it is not a general mail parser.

export type ReadMail = {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
};

const splitHead = (raw: string): { head: string; body: string } => {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
};

/** Header names lowercased; folded lines joined. The first of a repeated header wins. */
const parseHeaders = (head: string): Record<string, string> => {
  const headers: Record<string, string> = {};
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return headers;
};

const decodeQuotedPrintable = (text: string): Buffer => {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
};

const decodeBody = (body: string, encoding: string | undefined): string => {
  const kind = (encoding ?? '').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
};

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words of a header; whitespace between two words is dropped. */
export const decodeHeaderWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );

const boundaryOf = (contentType: string): string | null => {
  const match = /boundary="?([^";]+)"?/i.exec(contentType);
  return match?.[1] ?? null;
};

const collectParts = (raw: string, found: { text: string; html: string }, depth = 0): void => {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = boundaryOf(contentType);
  if (/^multipart\//i.test(contentType) && boundary && depth < 5) {
    const sections = body.split(`--${boundary}`);
    // The preamble before the first delimiter and the epilogue after the closing one are not parts.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^\r?\n/, ''), found, depth + 1);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']).replace(/\r?\n$/, '');
  if (/^text\/html/i.test(contentType)) found.html ||= decoded;
  else if (/^text\/plain/i.test(contentType)) found.text ||= decoded;
};

export const readMime = (raw: string): ReadMail => {
  const headers = parseHeaders(splitHead(raw).head);
  const found = { text: '', html: '' };
  collectParts(raw, found);
  return { headers, subject: decodeHeaderWords(headers.subject ?? ''), ...found };
};
