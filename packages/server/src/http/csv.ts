// CSV as RFC 4180 writes it (CRLF rows; a cell with a quote, comma or line break quoted, its quotes
// doubled), and safe to open in a spreadsheet: a text cell that starts like a formula (= + - @, or a tab
// or carriage return) gets a leading single quote so it is shown, never evaluated. A plain number such as
// '-12.50' is left alone: it cannot be a formula and the accounting import must read it as a number.

const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(?:\.\d+)?$/;
const needsQuotes = /[",\r\n]|^\s|\s$/;

export const csvCell = (value: string): string => {
  const safe = formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const toCsv = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
