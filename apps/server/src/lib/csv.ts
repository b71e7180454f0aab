/**
 * A small RFC 4180 reader for files people export from spreadsheets: comma-separated
 * values, a value in double quotes may hold commas, line breaks and doubled quotes (`""`);
 * lines end in CRLF or LF (a lone CR too); a UTF-8 byte order mark is dropped. One pass,
 * no backtracking: its time grows with the file's length only.
 */

export interface CsvRecord {
  /** The line the record starts on, from 1. */
  line: number;
  values: string[];
}

export class CsvError extends Error {
  constructor(
    readonly kind: 'unclosed-quote' | 'text-after-quote',
    readonly line: number,
  ) {
    super(`${kind} at line ${line}`);
    this.name = 'CsvError';
  }
}

export interface CsvOptions {
  /** Stops (answering `isCut`) once this many records have been read. */
  maxRecords?: number;
}

/**
 * The records of `text`, blank lines left out (a line with nothing on it, not even a
 * comma). Throws `CsvError` on a quote that is never closed, or text after a closing quote.
 */
export function parseCsv(
  text: string,
  options: CsvOptions = {},
): { records: CsvRecord[]; isCut: boolean } {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const max = options.maxRecords ?? Number.POSITIVE_INFINITY;
  let line = 1;
  let index = 0;
  const length = input.length;

  while (index < length) {
    const startLine = line;
    const values: string[] = [];
    let isBlank = true;
    // One record: values until an unquoted line break or the end.
    for (;;) {
      let value = '';
      if (input[index] === '"') {
        isBlank = false;
        index++;
        for (;;) {
          if (index >= length) throw new CsvError('unclosed-quote', startLine);
          const quote = input.indexOf('"', index);
          if (quote === -1) throw new CsvError('unclosed-quote', startLine);
          const chunk = input.slice(index, quote);
          line += countBreaks(chunk);
          value += chunk;
          if (input[quote + 1] === '"') {
            value += '"';
            index = quote + 2;
            continue;
          }
          index = quote + 1;
          break;
        }
        const next = input[index];
        if (index < length && next !== ',' && next !== '\n' && next !== '\r')
          throw new CsvError('text-after-quote', line);
      } else {
        let end = index;
        while (end < length) {
          const char = input[end];
          if (char === ',' || char === '\n' || char === '\r') break;
          end++;
        }
        value = input.slice(index, end);
        if (value !== '') isBlank = false;
        index = end;
      }
      values.push(value);
      if (index >= length) break;
      const char = input[index];
      if (char === ',') {
        isBlank = false;
        index++;
        continue;
      }
      // A line break: CRLF, LF or a lone CR.
      index += char === '\r' && input[index + 1] === '\n' ? 2 : 1;
      line++;
      break;
    }
    if (!isBlank) {
      records.push({ line: startLine, values });
      if (records.length >= max) return { records, isCut: index < length && hasMore(input, index) };
    }
  }
  return { records, isCut: false };
}

function countBreaks(chunk: string): number {
  let count = 0;
  for (let i = 0; i < chunk.length; i++) {
    const char = chunk[i];
    if (char === '\n') count++;
    else if (char === '\r' && chunk[i + 1] !== '\n') count++;
  }
  return count;
}

/** Whether anything but line breaks is left from `index`. */
function hasMore(input: string, index: number): boolean {
  for (let i = index; i < input.length; i++) {
    const char = input[i];
    if (char !== '\n' && char !== '\r') return true;
  }
  return false;
}

/** Whether the bytes read as text: valid UTF-8 without NUL or other binary control bytes. */
export function decodeCsvText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // Text files hold tabs and line breaks, not NULs or other C0 controls (a zip, an xlsx, a PDF do).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(text)) return undefined;
  return text;
}
