// Content-Disposition for a stored file's original name (already sanitised, but still any Unicode):
// a plain ASCII `filename` for old clients and the exact name as RFC 5987 `filename*` for the rest.

export type DispositionKind = 'attachment' | 'inline';

/** RFC 5987 attr-char allows fewer characters than encodeURIComponent leaves alone. */
const encodeRfc5987 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Printable ASCII without the quote and backslash that would end or escape the quoted string. */
const asciiFallback = (name: string): string => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

export const contentDisposition = (kind: DispositionKind, filename: string): string =>
  `${kind}; filename="${asciiFallback(filename)}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
