// The error of a key-link call (key-link-fetch.ts), in a module of its own: the zod side (key-link-answers.ts)
// makes it too, without the fetch.

export class KeyLinkError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'KeyLinkError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const isKeyLinkError = (value: unknown): value is KeyLinkError => value instanceof KeyLinkError;

export const keyLinkErrorTexts = {
  network: 'The lab could not be reached. Please check your connection and try again.',
  unexpected: 'Something went wrong. Please try again.',
  tooLarge: 'The files are too large to send at once.',
} as const;
