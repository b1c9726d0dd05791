import type { Db } from '../db/client';

// Counts the statements a service runs, to show that a read or a write does not grow with the number
// of cases (no N+1). Every statement drizzle runs goes through its session's `prepareQuery` and the
// answer's `execute` (or `all`/`values`), prepared ones too (db/prepared.ts, db/combined-read.ts), so
// each run is counted there, not each select built. Statements inside `db.transaction` are counted on
// the transaction's own session.

type Counter = () => void;

const countingPrepared = (prepared: object, onStatement: Counter): object =>
  new Proxy(prepared, {
    get(object, member, receiver) {
      const value: unknown = Reflect.get(object, member, receiver);
      if (typeof value !== 'function' || !['execute', 'all', 'values'].includes(String(member))) return value;
      return (...args: unknown[]) => {
        onStatement();
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });

const countingSession = (session: object, onStatement: Counter): object =>
  new Proxy(session, {
    get(object, member, receiver) {
      const value: unknown = Reflect.get(object, member, receiver);
      if (member !== 'prepareQuery' || typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        countingPrepared((value as (...a: unknown[]) => object).apply(object, args), onStatement);
    },
  });

const counting = <Target extends object>(target: Target, onStatement: Counter): Target => {
  let session: object | undefined;
  return new Proxy(target, {
    get(object, member, receiver) {
      const value: unknown = Reflect.get(object, member, receiver);
      if (member === 'session' && typeof value === 'object' && value !== null) {
        session ??= countingSession(value, onStatement);
        return session;
      }
      if (member === 'transaction' && typeof value === 'function') {
        return (work: (tx: object) => unknown, ...rest: unknown[]) =>
          (value as (...a: unknown[]) => unknown).apply(object, [
            (tx: object) => work(counting(tx, onStatement)),
            ...rest,
          ]);
      }
      return value;
    },
  });
};

/** A database that counts every statement run through it (and through its transactions). */
export const countingStatements = (db: Db): { db: Db; count: () => number } => {
  let count = 0;
  return {
    db: counting(db, () => {
      count += 1;
    }),
    count: () => count,
  };
};
