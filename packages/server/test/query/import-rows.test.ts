/**
 * The reading of an import body without a database: the JSON row count that refuses an
 * array past the cap before it is parsed, and the cells a CSV gives back.
 */
import { describe, expect, it } from 'vitest';
import { countArrayElements, csvRows, jsonRows } from '../../src/core/records/import-rows';
import { queryApp } from './query-app';

const orders = queryApp.entities.orders!;

describe('countArrayElements', () => {
  const cases: [text: string, limit: number, count: number | undefined][] = [
    ['[]', 10, 0],
    ['  [ \r\n\t ]  ', 10, 0],
    ['[{}]', 10, 1],
    ['[{},{},{}]', 10, 3],
    ['[1, "a,b", [1,2,3], {"k":[",",{"x":"]"}]}, null]', 10, 5],
    ['["\\"],[", 2]', 10, 2],
    ['["\\\\", 2]', 10, 2],
    ['[{},{},{},{}]', 2, 3],
    [`[${'{},'.repeat(1000)}`, 5, 6],
    ['{"a":[1,2]}', 10, undefined],
    ['', 10, undefined],
    ['"[1,2]"', 10, undefined],
  ];
  it.each(cases)('%j (limit %i) counts %j', (text, limit, count) => {
    expect(countArrayElements(text, limit)).toBe(count);
  });
  it('agrees with JSON.parse on valid arrays', () => {
    for (const value of [
      [],
      [[]],
      [{}, [], '', 0, null],
      [{ a: '[,{' }, ['x', ['y']]],
      Array(50).fill({ b: ',' }),
    ])
      expect(countArrayElements(JSON.stringify(value, null, 1), 1000)).toBe(value.length);
  });
});

describe('reading rows', () => {
  it("strips one `'` only where the export put it: before a formula character", () => {
    const csv = "note\r\n'=x\r\n''=x\r\n'plain\r\n'\r\n'-\r\n";
    expect(csvRows(orders, csv).rows.map((r) => (r as { note: string }).note)).toEqual([
      '=x',
      "'=x",
      "'plain",
      "'",
      '-',
    ]);
  });
  it('leaves system columns out of CSV and JSON, and names no ignored column when none is server-set', () => {
    expect(csvRows(orders, 'id,version,region\r\nx,1,north\r\n')).toEqual({
      rows: [{ region: 'north' }],
      ignoredColumns: [],
    });
    expect(jsonRows(orders, '[{"id":"x","region":"north"},3]')).toEqual({
      rows: [{ region: 'north' }, 3],
      ignoredColumns: [],
    });
  });
});
