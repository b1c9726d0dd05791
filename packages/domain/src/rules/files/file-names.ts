// Original file names are metadata: shown to people, never used as a path or object key. Whatever a
// browser or a partner sends (`../`, percent-encoded traversal, NUL, right-to-left marks, 4 KB names) is
// reduced to one plain, printable name of at most 255 characters that keeps its extension.

export const maxFileNameLength = 255;
const fallbackName = 'file';

// Control characters and the invisible bidi / zero-width marks that can disguise an extension
// ("photo\u202Egpj.exe" shows as "photoexe.jpg"), the Arabic letter mark (a right-to-left mark too), the
// soft hyphen and the word joiners among them.
const invisible =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const reserved = /[<>:"|?*]/g;

/** Percent-decodes until stable (a few rounds), so `%252e%252e%252f` cannot survive as a traversal. */
const decodeRepeatedly = (raw: string): string => {
  let current = raw;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
};

/** The lower-case extension without the dot ('' when none). */
export const fileExtension = (name: string): string => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

const truncateKeepingExtension = (name: string): string => {
  const chars = Array.from(name);
  if (chars.length <= maxFileNameLength) return name;
  const extension = fileExtension(name);
  const suffix = extension && extension.length < 16 ? `.${extension}` : '';
  return chars.slice(0, maxFileNameLength - suffix.length).join('') + suffix;
};

/** One safe display name: no directories, no traversal, no invisible characters, ≤ 255 characters. */
export const sanitizeFileName = (raw: string): string => {
  const decoded = decodeRepeatedly(raw).normalize('NFC');
  const base = decoded.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(invisible, '')
    .replace(reserved, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // Leading dots would make a hidden name or survive as '..'.
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  return truncateKeepingExtension(cleaned) || fallbackName;
};
