import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statementOf, type LedgerEntry } from './statement';

const dayMs = 86_400_000;
const start = Date.UTC(2024, 0, 1);

/** The calendar date `offset` days after 2024-01-01, as 'YYYY-MM-DD'. */
const dayAt = (offset: number): string => new Date(start + offset * dayMs).toISOString().slice(0, 10);

const span = 3 * 366;
const offset = fc.integer({ min: 0, max: span });

const entry = fc.record({
  kind: fc.constantFrom('invoice' as const, 'payment' as const),
  date: offset.map(dayAt),
  cents: fc.integer({ min: 1, max: 5_000_000 }),
  reference: fc.string({ maxLength: 8 }),
});
const entries = fc.array(entry, { maxLength: 40 });

/** A period [from, to] of day offsets, from ≤ to. */
const period = fc.tuple(offset, offset).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));

const signed = (item: LedgerEntry) => (item.kind === 'invoice' ? item.cents : -item.cents);
const sum = (items: readonly LedgerEntry[]) => items.reduce((total, item) => total + signed(item), 0);

const invoice = (date: string, cents: number, reference: string): LedgerEntry => ({
  kind: 'invoice',
  date,
  cents,
  reference,
});
const payment = (date: string, cents: number, reference: string): LedgerEntry => ({
  kind: 'payment',
  date,
  cents,
  reference,
});

describe("a client's statement", () => {
  const ledger = [
    payment('2024-03-05', 4_000, 'EFT 3'),
    invoice('2024-02-10', 10_000, 'INV-1'),
    invoice('2024-03-20', 7_500, 'INV-3'),
    payment('2024-02-25', 6_000, 'EFT 2'),
    invoice('2024-03-05', 2_500, 'INV-2'),
    invoice('2024-04-02', 9_999, 'INV-4'),
  ];

  it('brings the balance forward, lists the period in date order with a running balance, and closes', () => {
    expect(statementOf(ledger, '2024-03-01', '2024-03-31')).toEqual({
      from: '2024-03-01',
      to: '2024-03-31',
      openingCents: 4_000,
      lines: [
        { ...invoice('2024-03-05', 2_500, 'INV-2'), balanceCents: 6_500 },
        { ...payment('2024-03-05', 4_000, 'EFT 3'), balanceCents: 2_500 },
        { ...invoice('2024-03-20', 7_500, 'INV-3'), balanceCents: 10_000 },
      ],
      invoicedCents: 10_000,
      paidCents: 4_000,
      closingCents: 10_000,
    });
  });

  it('counts entries on the first and the last day of the period in it', () => {
    const statement = statementOf(ledger, '2024-03-05', '2024-03-20');
    expect(statement.lines.map((line) => line.reference)).toEqual(['INV-2', 'EFT 3', 'INV-3']);
    expect(statement.openingCents).toBe(4_000);
  });

  it('opens and closes on the balance brought forward when nothing happened in the period', () => {
    const statement = statementOf(ledger, '2024-05-01', '2024-05-31');
    expect(statement.lines).toEqual([]);
    expect(statement.openingCents).toBe(10_000 - 6_000 + 2_500 - 4_000 + 7_500 + 9_999);
    expect(statement.closingCents).toBe(statement.openingCents);
  });

  it('puts an invoice before a payment on the same day, in whatever order they were given', () => {
    // Entries crowded onto a few days, so that most days hold both kinds.
    const crowded = fc.array(
      fc.record({
        kind: fc.constantFrom('invoice' as const, 'payment' as const),
        date: fc.integer({ min: 0, max: 3 }).map(dayAt),
        cents: fc.integer({ min: 1, max: 5_000_000 }),
        reference: fc.string({ maxLength: 8 }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(crowded, (items) => {
        const { lines } = statementOf(items, dayAt(0), dayAt(3));
        expect(lines).toHaveLength(items.length);
        let previous: LedgerEntry | undefined;
        for (const line of lines) {
          if (previous && line.date === previous.date && line.kind === 'invoice') {
            expect(previous.kind).toBe('invoice');
          }
          previous = line;
        }
      }),
    );
    const sameDay = [payment('2024-03-05', 2_500, 'EFT'), invoice('2024-03-05', 2_500, 'INV')];
    const { lines } = statementOf(sameDay, '2024-03-01', '2024-03-31');
    expect(lines.map((line) => [line.reference, line.balanceCents])).toEqual([
      ['INV', 2_500],
      ['EFT', 0],
    ]);
  });

  it('always closes on opening + invoiced − paid', () => {
    fc.assert(
      fc.property(entries, period, (items, [from, to]) => {
        const statement = statementOf(items, dayAt(from), dayAt(to));
        expect(statement.closingCents).toBe(
          statement.openingCents + statement.invoicedCents - statement.paidCents,
        );
      }),
    );
  });

  it('opens on everything before the period and closes on everything up to its end', () => {
    fc.assert(
      fc.property(entries, period, (items, [from, to]) => {
        const statement = statementOf(items, dayAt(from), dayAt(to));
        const before = items.filter((item) => item.date < dayAt(from));
        const upToEnd = items.filter((item) => item.date <= dayAt(to));
        expect(statement.openingCents).toBe(sum(before));
        expect(statement.closingCents).toBe(sum(upToEnd));
      }),
    );
  });

  it('ends the running balance on the closing balance', () => {
    fc.assert(
      fc.property(entries, period, (items, [from, to]) => {
        const statement = statementOf(items, dayAt(from), dayAt(to));
        const last = statement.lines.at(-1);
        if (last) expect(last.balanceCents).toBe(statement.closingCents);
        else expect(statement.closingCents).toBe(statement.openingCents);
      }),
    );
  });

  it('runs the balance line by line from the opening', () => {
    fc.assert(
      fc.property(entries, period, (items, [from, to]) => {
        const statement = statementOf(items, dayAt(from), dayAt(to));
        let balance = statement.openingCents;
        for (const line of statement.lines) {
          balance += signed(line);
          expect(line.balanceCents).toBe(balance);
        }
      }),
    );
  });

  it('lists exactly the entries dated in the period, in date order', () => {
    fc.assert(
      fc.property(entries, period, (items, [from, to]) => {
        const statement = statementOf(items, dayAt(from), dayAt(to));
        for (const line of statement.lines) {
          expect(line.date >= dayAt(from) && line.date <= dayAt(to)).toBe(true);
        }
        const inPeriod = items.filter((item) => item.date >= dayAt(from) && item.date <= dayAt(to));
        expect(statement.lines).toHaveLength(inPeriod.length);
        const dates = statement.lines.map((line) => line.date);
        expect(dates).toEqual(dates.toSorted());
      }),
    );
  });

  it('chains: a period split in two closes its first half where the second opens, and ends where the whole does', () => {
    // from ≤ mid < to, as day offsets.
    const split = fc
      .tuple(offset, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 400 }))
      .map(([from, toMid, toEnd]) => ({ from, mid: from + toMid, to: from + toMid + toEnd }));
    fc.assert(
      fc.property(entries, split, (items, { from, mid, to }) => {
        const first = statementOf(items, dayAt(from), dayAt(mid));
        const second = statementOf(items, dayAt(mid + 1), dayAt(to));
        const whole = statementOf(items, dayAt(from), dayAt(to));
        expect(second.openingCents).toBe(first.closingCents);
        expect(second.closingCents).toBe(whole.closingCents);
        expect(first.openingCents).toBe(whole.openingCents);
        expect(first.invoicedCents + second.invoicedCents).toBe(whole.invoicedCents);
        expect(first.paidCents + second.paidCents).toBe(whole.paidCents);
        expect([...first.lines, ...second.lines]).toEqual(whole.lines);
      }),
    );
  });

  it('does not depend on the order the entries come in', () => {
    fc.assert(
      fc.property(entries, period, (items, [from, to]) => {
        const statement = statementOf(items, dayAt(from), dayAt(to));
        const reversed = statementOf(items.toReversed(), dayAt(from), dayAt(to));
        expect(reversed.openingCents).toBe(statement.openingCents);
        expect(reversed.closingCents).toBe(statement.closingCents);
        expect(reversed.lines.map((line) => line.balanceCents).at(-1)).toBe(
          statement.lines.map((line) => line.balanceCents).at(-1),
        );
      }),
    );
  });
});
