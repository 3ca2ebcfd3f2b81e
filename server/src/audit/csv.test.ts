import { describe, expect, test } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV cells', () => {
  test('CSV cells that start with = + - @ are neutralised', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  test('commas, quotes and line breaks are quoted', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
  });

  test('plain text, numbers and empty values pass as they are', () => {
    expect(csvCell('login.success')).toBe('login.success');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', null, 'b,c'])).toBe('a,,"b,c"\r\n');
  });
});
