import { describe, expect, it } from 'vitest';
import { keywordSearchSchema, searchMessages } from './search';

describe('keyword search body', () => {
  it('needs at least 2 characters after trimming', () => {
    const short = keywordSearchSchema.safeParse({ keyword: ' a ' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(searchMessages.keywordTooShort);
    expect(keywordSearchSchema.parse({ keyword: '  ab ' })).toEqual({ keyword: 'ab' });
  });

  it('rejects a missing keyword with the same message', () => {
    const missing = keywordSearchSchema.safeParse({});
    expect(missing.error?.issues[0]?.message).toBe(searchMessages.keywordTooShort);
  });
});
