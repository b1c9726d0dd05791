import { IntList } from './int-list';
import { isAscii, sharedWithKeyword, similarityBound, trigramSimilarity, trigramsOf } from './trigrams';

// Texts by id in memory, answering "which ids' texts contain this keyword, and which of them does
// pg_trgm's similarity() rank best" without a database: a 3-character posting list per text finds the
// texts that contain the keyword, and the ranking is pg_trgm's, exact for ASCII (trigrams.ts). A text
// outside ASCII is always named, unranked: only the database can compare and score it in its locale.

type Slot = number;
type Scored = { id: number; similarity: number };

/** Which id ranks first among equal similarities: the newest (highest) or the oldest (lowest). */
export type TieOrder = 'newest' | 'oldest';

/** Lowercases each character on its own, keeping one character per character (as the database's lower()). */
const lowerEach = (text: string): string => {
  if (isAscii(text)) return text.toLowerCase();
  let lowered = '';
  for (const char of text) lowered += String.fromCodePoint(char.toLowerCase().codePointAt(0) ?? 0);
  return lowered;
};

export type TextIndex = {
  /** Adds the text of an id, or replaces it. */
  place: (id: number, text: string) => void;
  /** The highest id placed: what was inserted later is not here. */
  readonly highestId: number;
  readonly size: number;
  /**
   * The ids whose text contains `keyword` (case-insensitively) and may be among the `limit` best by
   * (similarity, tie order): the best ASCII ones exactly, and every one outside ASCII. Null for a keyword
   * the index cannot answer: fewer than 3 characters (no posting list to start from) or outside ASCII.
   */
  best: (keyword: string, limit: number) => number[] | null;
};

export const createTextIndex = (ties: TieOrder): TextIndex => {
  const ids = new IntList(1024);
  const texts: string[] = [];
  // pg_trgm's trigram count of an ASCII text (at least 1, at most 255: a bound, not the count, past it);
  // 0 for a text outside ASCII.
  let trigramCounts = new Uint8Array(1024);
  const slotOfId = new Map<number, Slot>();
  const postings = new Map<string, IntList>();
  let highestId = 0;

  /** True when `a` ranks before `b` at equal similarity. */
  const precedes = ties === 'newest' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
  const better = (a: Scored, b: Scored): number =>
    b.similarity - a.similarity || (ties === 'newest' ? b.id - a.id : a.id - b.id);

  const place = (id: number, original: string): void => {
    const previous = slotOfId.get(id);
    const text = lowerEach(original);
    if (previous !== undefined) {
      if (texts[previous] === text && (trigramCounts[previous] === 0) === !isAscii(original)) return;
      texts[previous] = ''; // its postings stay behind; the slot no longer matches anything
    }
    const slot = texts.length;
    texts.push(text);
    ids.push(id);
    if (slot >= trigramCounts.length) {
      const grown = new Uint8Array(trigramCounts.length * 2);
      grown.set(trigramCounts);
      trigramCounts = grown;
    }
    // Judged on the text as stored: lowercasing can turn a character outside ASCII into one inside.
    trigramCounts[slot] = isAscii(original) ? Math.min(255, Math.max(1, trigramsOf(text).length)) : 0;
    slotOfId.set(id, slot);
    if (id > highestId) highestId = id;
    const seen = new Set<string>();
    for (let i = 0; i + 3 <= text.length; i += 1) {
      const triple = text.slice(i, i + 3);
      if (seen.has(triple)) continue;
      seen.add(triple);
      let list = postings.get(triple);
      if (!list) postings.set(triple, (list = new IntList()));
      list.push(slot);
    }
  };

  /** The live slots whose text contains `needle` (3+ characters), from the rarest of its triples' postings. */
  const slotsContaining = (needle: string): Slot[] => {
    let rarest: IntList | undefined;
    for (let i = 0; i + 3 <= needle.length; i += 1) {
      const list = postings.get(needle.slice(i, i + 3));
      if (!list) return [];
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    const found: Slot[] = [];
    if (!rarest) return found;
    // A 3-character needle is its own triple: every live slot in its list contains it.
    const contains =
      needle.length === 3 ? (text: string) => text !== '' : (text: string) => text.includes(needle);
    for (let i = 0; i < rarest.length; i += 1) {
      const slot = rarest.at(i);
      if (contains(texts[slot] ?? '')) found.push(slot);
    }
    return found;
  };

  /** The slots in tie order: they are mostly in id order already (placed in it), so sorting is rare. */
  const inTieOrder = (slots: Slot[]): Slot[] => {
    if (ties === 'newest') slots.reverse();
    let previous: Slot | undefined;
    for (const slot of slots) {
      if (previous !== undefined && precedes(ids.at(slot), ids.at(previous)))
        return slots.sort((x, y) => (precedes(ids.at(x), ids.at(y)) ? -1 : 1));
      previous = slot;
    }
    return slots;
  };

  /**
   * similarity() of an ASCII slot's text to the keyword: from the stored trigram count and the shared
   * ones counted in place; a count stored as a bound (1 for none, 255 for more) builds the whole set.
   */
  const similarityTo = (keywordTrigrams: Int32Array, slot: Slot): number => {
    const text = texts[slot] ?? '';
    const count = trigramCounts[slot] ?? 0;
    const shared = count > 1 && count < 255 ? sharedWithKeyword(text, keywordTrigrams) : null;
    if (shared === null) return trigramSimilarity(keywordTrigrams, trigramsOf(text));
    return keywordTrigrams.length === 0 ? 0 : Math.fround(shared / (keywordTrigrams.length + count - shared));
  };

  /**
   * The `limit` best ASCII matches by (similarity, tie order): similarity ≤ bound(trigram counts), so the
   * matches are scored in groups of one trigram count, best bound first and in tie order within a group.
   * A group stops being scored once `limit` scores beat what its next member could at most be (its
   * bound, a later place in tie order), and the groups stop once the `limit`th score is above the next
   * bound: what is left can at most tie, and would come later.
   */
  const bestAscii = (keyword: string, matches: Slot[], limit: number): number[] => {
    const keywordTrigrams = trigramsOf(keyword);
    const byCount: Slot[][] = [];
    for (const slot of matches) (byCount[trigramCounts[slot] ?? 0] ??= []).push(slot);
    const groups: { bound: number; slots: Slot[] }[] = [];
    byCount.forEach((slots, count) =>
      groups.push({ bound: similarityBound(keywordTrigrams.length, count), slots }),
    );
    groups.sort((x, y) => y.bound - x.bound);
    let scored: Scored[] = [];
    for (const { bound, slots } of groups) {
      const last = scored.length >= limit ? scored[limit - 1] : undefined;
      if (last && last.similarity > bound) break;
      const above = scored.filter((s) => s.similarity > bound).length;
      // Earlier groups' scores equal to this bound, in tie order: they beat a member only if before it.
      const equal = scored.filter((s) => s.similarity === bound).map((s) => s.id);
      let equalBefore = 0;
      let scoredHere = 0; // this group's members at its bound: all before the next member
      for (const slot of inTieOrder(slots)) {
        const id = ids.at(slot);
        while (equalBefore < equal.length && precedes(equal[equalBefore] ?? id, id)) equalBefore += 1;
        if (above + equalBefore + scoredHere >= limit) break;
        const similarity = similarityTo(keywordTrigrams, slot);
        scored.push({ id, similarity });
        if (similarity === bound) scoredHere += 1;
      }
      scored = scored.sort(better).slice(0, limit);
    }
    return scored.map((s) => s.id);
  };

  return {
    place,
    get highestId() {
      return highestId;
    },
    get size() {
      return slotOfId.size;
    },
    best: (keyword, limit) => {
      const needle = lowerEach(keyword);
      if (needle.length < 3 || !isAscii(keyword)) return null;
      const matches = slotsContaining(needle);
      const outsideAscii = matches.filter((slot) => trigramCounts[slot] === 0).map((slot) => ids.at(slot));
      const ascii = matches.filter((slot) => trigramCounts[slot] !== 0);
      return [...bestAscii(keyword, ascii, limit), ...outsideAscii];
    },
  };
};
