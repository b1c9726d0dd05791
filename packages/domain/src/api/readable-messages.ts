import { z } from 'zod';

// The spec words most refusals and our schemas carry those words. Where a schema names none, zod's own
// text would reach a person ("Invalid input: expected number, received NaN"): this says the same thing
// the way the rest of the product does. A schema's own message always wins over these.

type Issue = z.core.$ZodRawIssue;

const kindNames: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  bigint: 'a whole number',
};

const sizeOf = (
  issue: Issue & { origin?: string; inclusive?: boolean },
  bound: 'least' | 'most',
  value: unknown,
): string => {
  const n = String(value);
  switch (issue.origin) {
    case 'string':
      return `Must be at ${bound} ${n} characters`;
    case 'array':
    case 'set':
      return `Must have at ${bound} ${n} items`;
    default:
      // positive() is "more than 0", not "at least 0".
      if (issue.inclusive === false) return `Must be ${bound === 'least' ? 'more' : 'less'} than ${n}`;
      return `Must be at ${bound} ${n}`;
  }
};

const formatNames: Record<string, string> = {
  uuid: 'Must be a valid id',
  guid: 'Must be a valid id',
  email: 'Must be an e-mail address',
  url: 'Must be a web address',
  datetime: 'Must be a date and time',
  date: 'Must be a date (YYYY-MM-DD)',
  time: 'Must be a time',
  regex: 'Has the wrong format',
};

/** A person's wording of a zod issue whose schema gave no message. */
export const readableIssueMessage = (issue: Issue): string => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Is required';
      return `Must be ${kindNames[issue.expected] ?? 'of another kind'}`;
    case 'too_small':
      return sizeOf(issue, 'least', issue.minimum);
    case 'too_big':
      return sizeOf(issue, 'most', issue.maximum);
    case 'invalid_format':
      return formatNames[issue.format] ?? 'Has the wrong format';
    case 'not_multiple_of':
      return `Must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return issue.values.length <= 8
        ? `Must be one of: ${issue.values.map(String).join(', ')}`
        : 'Is not one of the allowed values';
    default:
      return 'Invalid value';
  }
};

/** Makes readableIssueMessage zod's wording in this process (the server's start, the web's entry). */
export const adoptReadableValidationMessages = (): void => {
  z.config({ customError: readableIssueMessage });
};
