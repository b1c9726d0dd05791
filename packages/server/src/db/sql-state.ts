/** The SQLSTATE of a database error, also when a driver or Drizzle wrapped it (`cause`). */
export const sqlStateOf = (error: unknown): string | undefined => {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
};

/** unique_violation: a row with the same key committed first. */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';
