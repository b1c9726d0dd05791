import { EndOfMeshData, MeshReadError } from './mesh-tally';

// Whitespace-separated words of an ASCII STL or PLY body, read in one pass over the text without splitting
// it into lines (an ASCII scan can be hundreds of megabytes).

const isSpace = (code: number): boolean => code === 32 || (code >= 9 && code <= 13);

export class TextTokens {
  private position = 0;

  constructor(private readonly text: string) {}

  /** The next word, or null at the end of the text. */
  next(): string | null {
    const text = this.text;
    let start = this.position;
    while (start < text.length && isSpace(text.charCodeAt(start))) start++;
    if (start >= text.length) {
      this.position = start;
      return null;
    }
    let end = start + 1;
    while (end < text.length && !isSpace(text.charCodeAt(end))) end++;
    this.position = end;
    return text.slice(start, end);
  }

  /** The next word; the end of the text here means the file was cut off. */
  nextOrEnd(): string {
    const word = this.next();
    if (word === null) throw new EndOfMeshData();
    return word;
  }

  /** Skips what is left of the current line (an STL solid's name). */
  skipLine(): void {
    const end = this.text.indexOf('\n', this.position);
    this.position = end < 0 ? this.text.length : end + 1;
  }

  /** Reads `word` (any case), or fails naming the line and what was there instead. */
  expect(word: string): void {
    const found = this.nextOrEnd();
    if (found.toLowerCase() !== word) this.fail(`expected "${word}" but found "${found.slice(0, 20)}"`);
  }

  fail(problem: string): never {
    throw new MeshReadError(`line ${this.lineNumber()}: ${problem}`);
  }

  private lineNumber(): number {
    let line = 1;
    for (let i = this.text.indexOf('\n'); i >= 0 && i < this.position; i = this.text.indexOf('\n', i + 1))
      line++;
    return line;
  }
}

/** Bytes as text, one character per byte: STL and PLY keywords and numbers are plain ASCII. */
export const latin1 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
