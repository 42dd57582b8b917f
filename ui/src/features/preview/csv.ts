/**
 * A small RFC 4180 reader: fields separated by a delimiter, records by CRLF (or a lone LF or
 * CR, as real files have them), fields in double quotes may hold delimiters, line breaks and
 * doubled quotes (`""` is one `"`). Lenient where files are sloppy: a quote inside an unquoted
 * field is kept as text, and an unterminated quoted field runs to the end of the text.
 */

export interface CsvTable {
  rows: string[][];
  /** True when `maxRows` stopped the reading before the end of the text. */
  truncated: boolean;
  /** The widest row's number of fields. */
  columns: number;
  /** Set when a quoted field was never closed. */
  unterminatedQuote: boolean;
}

export function parseCsv(text: string, options: { delimiter?: string; maxRows?: number } = {}): CsvTable {
  const delimiter = options.delimiter ?? ",";
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let columns = 0;
  let i = 0;
  let unterminatedQuote = false;
  // Whether the current record has begun: `""` alone is one record of one empty field.
  let inRecord = false;
  const length = text.length;
  // A byte order mark belongs to the encoding, not to the first header.
  if (text.charCodeAt(0) === 0xfeff) i = 1;

  const endRow = () => {
    row.push(field);
    field = "";
    columns = Math.max(columns, row.length);
    rows.push(row);
    row = [];
    inRecord = false;
  };

  while (i < length) {
    if (rows.length >= maxRows) return { rows, truncated: true, columns, unterminatedQuote };
    const ch = text[i];
    const startsRecord = !inRecord;
    inRecord = true;
    if (ch === '"' && field === "") {
      // A quoted field: read to the closing quote, unescaping doubled quotes.
      let j = i + 1;
      let value = "";
      for (;;) {
        const close = text.indexOf('"', j);
        if (close === -1) {
          value += text.slice(j);
          j = length;
          unterminatedQuote = true;
          break;
        }
        value += text.slice(j, close);
        if (text[close + 1] === '"') {
          value += '"';
          j = close + 2;
        } else {
          j = close + 1;
          break;
        }
      }
      field = value;
      // Anything between the closing quote and the next delimiter is kept, as spreadsheets do.
      i = j;
      while (i < length && text[i] !== delimiter && text[i] !== "\n" && text[i] !== "\r") {
        field += text.charAt(i);
        i += 1;
      }
      continue;
    }
    if (ch === delimiter) {
      row.push(field);
      field = "";
      i += 1;
    } else if (ch === "\r" || ch === "\n") {
      // A blank line is a record of one empty field, as RFC 4180 reads it.
      if (startsRecord) row = [];
      endRow();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      // Plain run up to the next delimiter or line break, copied in one slice.
      let j = i + 1;
      while (j < length && text[j] !== delimiter && text[j] !== "\n" && text[j] !== "\r") j += 1;
      field += text.slice(i, j);
      i = j;
    }
  }
  // A final record without a line break still counts; a trailing line break adds no empty row.
  if (inRecord) endRow();
  return { rows, truncated: false, columns, unterminatedQuote };
}
