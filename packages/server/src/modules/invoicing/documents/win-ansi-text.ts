// pdfkit's built-in fonts (Helvetica) encode text as Windows-1252 and print anything else as garbage. So
// a document's text is brought into that set first: accents that decompose lose their mark ('ő' → 'o'),
// whatever is still outside becomes '?', and control characters become spaces.

// Windows-1252's characters between 0x80 and 0x9F, which Latin-1 lacks.
const windows1252Extras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const isEncodable = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || windows1252Extras.has(char);
};

const charOf = (char: string): string => {
  if (char === '\n') return char;
  if (isEncodable(char)) return char;
  if (/\p{Cc}/u.test(char)) return ' ';
  const stripped = char.normalize('NFD').replace(/\p{M}/gu, '');
  return stripped !== '' && [...stripped].every(isEncodable) ? stripped : '?';
};

export const winAnsiText = (text: string): string =>
  Array.from(text.replace(/\r\n?/g, '\n'), charOf).join('');
