import { guardedMembers, type Db } from '../db/client';

// Counts the statements a service starts, to show that a read or a write does not grow with the number
// of cases (no N+1). Statements inside `db.transaction` are counted on the transaction's `tx` too.

const counting = <Target extends object>(target: Target, onStatement: () => void): Target =>
  new Proxy(target, {
    get(object, member, receiver) {
      const value: unknown = Reflect.get(object, member, receiver);
      if (typeof value !== 'function') return value;
      if (member === 'transaction') {
        return (work: (tx: object) => unknown, ...rest: unknown[]) =>
          (value as (...a: unknown[]) => unknown).apply(object, [
            (tx: object) => work(counting(tx, onStatement)),
            ...rest,
          ]);
      }
      if (!guardedMembers.has(member)) return value;
      return (...args: unknown[]) => {
        onStatement();
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });

/** A database that counts every statement started through it (and through its transactions). */
export const countingStatements = (db: Db): { db: Db; count: () => number } => {
  let count = 0;
  return {
    db: counting(db, () => {
      count += 1;
    }),
    count: () => count,
  };
};
