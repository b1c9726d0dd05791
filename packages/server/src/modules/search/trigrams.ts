// pg_trgm's trigrams and similarity() for ASCII text, in process, so the patient-reference index can rank
// without asking the database (reference-index.ts). pg_trgm lowercases, splits into words of letters and
// digits (anything else separates), pads each word with two spaces in front and one behind, and takes
// every three characters; similarity = shared / (a + b − shared) over the unique trigrams, in float4.
// Outside ASCII its answers depend on the database's locale, so text outside ASCII is left to it.

const alphabet = 37; // space, a–z, 0–9

const charCode = (code: number): number => {
  if (code >= 97 && code <= 122) return code - 96; // a–z
  if (code >= 65 && code <= 90) return code - 64; // A–Z, lowercased
  if (code >= 48 && code <= 57) return code - 21; // 0–9 → 27–36
  return 0; // a separator
};

/** True when every character is ASCII (pg_trgm and ILIKE then answer the same in every locale). */
export const isAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 127) return false;
  return true;
};

/**
 * Calls `visit` with each trigram of ASCII text as a number, in order, repeats included: each word of
 * letters and digits padded with two spaces in front and one behind.
 */
const forEachTrigram = (text: string, visit: (trigram: number) => void): void => {
  let previous2 = 0; // the two characters before, padded with spaces at a word's start
  let previous1 = 0;
  let inWord = false;
  for (let i = 0; i <= text.length; i += 1) {
    const code = i < text.length ? charCode(text.charCodeAt(i)) : 0;
    if (code === 0) {
      // A word ends: its last trigram has one space of padding behind.
      if (inWord) visit((previous2 * alphabet + previous1) * alphabet);
      inWord = false;
      continue;
    }
    if (!inWord) {
      previous2 = 0;
      previous1 = 0;
      inWord = true;
    }
    visit((previous2 * alphabet + previous1) * alphabet + code);
    previous2 = previous1;
    previous1 = code;
  }
};

/** The unique trigrams of ASCII text as numbers, sorted (pg_trgm's show_trgm, encoded). */
export const trigramsOf = (text: string): Int32Array => {
  const found: number[] = [];
  forEachTrigram(text, (trigram) => found.push(trigram));
  const sorted = Int32Array.from(found).sort();
  let unique = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    const value = sorted[i] ?? 0;
    if (i === 0 || value !== sorted[unique - 1]) sorted[unique++] = value;
  }
  return sorted.subarray(0, unique);
};

/**
 * How many of `keyword`'s trigrams (sorted, unique, at most 31) ASCII `text` has, without building the
 * text's set: each of the text's trigrams marks the keyword's it equals. Null past 31 (no mask for them).
 */
export const sharedWithKeyword = (text: string, keyword: Int32Array): number | null => {
  if (keyword.length > 31) return null;
  let mask = 0;
  const mark = (trigram: number): void => {
    for (let j = 0; j < keyword.length; j += 1) {
      if (keyword[j] === trigram) {
        mask |= 1 << j;
        return;
      }
    }
  };
  forEachTrigram(text, mark);
  let shared = 0;
  for (let bits = mask; bits !== 0; bits &= bits - 1) shared += 1;
  return shared;
};

/** How many trigrams two sorted unique sets share. */
const sharedCount = (a: Int32Array, b: Int32Array): number => {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      shared += 1;
      i += 1;
      j += 1;
    } else if ((a[i] ?? 0) < (b[j] ?? 0)) i += 1;
    else j += 1;
  }
  return shared;
};

/** pg_trgm's similarity() of two trigram sets, rounded to float4 as pg_trgm computes it. */
export const trigramSimilarity = (a: Int32Array, b: Int32Array): number => {
  if (a.length === 0 || b.length === 0) return 0;
  const shared = sharedCount(a, b);
  return Math.fround(shared / (a.length + b.length - shared));
};

/** The most similarity() can be for sets of these sizes (all of the smaller shared). */
export const similarityBound = (a: number, b: number): number =>
  a === 0 || b === 0 ? 0 : Math.fround(Math.min(a, b) / Math.max(a, b));
