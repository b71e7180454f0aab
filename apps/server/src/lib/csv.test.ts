import { describe, expect, it } from 'vitest';
import { CsvError, decodeCsvText, parseCsv } from './csv.js';

const values = (text: string) => parseCsv(text).records.map((record) => record.values);

describe('parseCsv', () => {
  it('reads plain values, LF and CRLF lines, and a last line without a break', () => {
    expect(values('a,b,c\n1,2,3\r\n4,5,6')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quotes, and counts lines', () => {
    const { records } = parseCsv(
      'h1,h2\r\n"a, b","say ""hi"""\r\n"two\r\nlines",x\n"three\nmore\nlines",y\nlast,z\n',
    );
    expect(records).toEqual([
      { line: 1, values: ['h1', 'h2'] },
      { line: 2, values: ['a, b', 'say "hi"'] },
      { line: 3, values: ['two\r\nlines', 'x'] },
      { line: 5, values: ['three\nmore\nlines', 'y'] },
      { line: 8, values: ['last', 'z'] },
    ]);
  });

  it('drops a byte order mark and skips blank lines, but keeps a row of empty values', () => {
    expect(values('\uFEFFa,b\n\n\r\n,\n1,2\n\n')).toEqual([
      ['a', 'b'],
      ['', ''],
      ['1', '2'],
    ]);
    expect(parseCsv('\uFEFFa\n\n\nb').records.map((r) => r.line)).toEqual([1, 4]);
  });

  it('keeps empty values at the ends and a quoted empty value', () => {
    expect(values(',a,\n"",""')).toEqual([
      ['', 'a', ''],
      ['', ''],
    ]);
  });

  it('treats a quote inside an unquoted value as text', () => {
    expect(values('5" screen,x')).toEqual([['5" screen', 'x']]);
  });

  it('refuses a quote never closed and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(new CsvError('unclosed-quote', 2));
    expect(() => parseCsv('a\n\n"x"y,b')).toThrow(new CsvError('text-after-quote', 3));
  });

  it('stops at the record limit and says whether more follows', () => {
    expect(parseCsv('a\nb\nc', { maxRecords: 2 })).toMatchObject({ isCut: true });
    expect(parseCsv('a\nb\n\n', { maxRecords: 2 })).toMatchObject({ isCut: false });
  });

  it('reads a large file in linear time', () => {
    const row = '"quoted, value with ""quotes""",plain,x\n';
    const started = performance.now();
    expect(parseCsv(row.repeat(50_000)).records).toHaveLength(50_000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('decodeCsvText', () => {
  it('answers text for UTF-8 and nothing for binary or other encodings', () => {
    expect(decodeCsvText(new TextEncoder().encode('a,é\tb\r\n'))).toBe('a,é\tb\r\n');
    expect(decodeCsvText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBeUndefined();
    expect(decodeCsvText(new Uint8Array([0x61, 0xe9, 0x62]))).toBeUndefined(); // Latin-1 é
  });
});
