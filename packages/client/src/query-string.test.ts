import { describe, expect, it } from 'vitest';
import { aggregateQuery, exportQuery, listQuery } from './query-string';

describe('the query strings of lists, aggregates and exports', () => {
  it.each([
    [
      listQuery({ count: true, search: 'printer jam', expand: ['assignee', 'team'] }),
      'count=true&search=printer+jam&expand=assignee%2Cteam',
    ],
    [listQuery({ search: '   ', expand: [], count: false }), ''],
    [
      listQuery({ where: { status: { in: ['new', 'open'] } }, limit: 5 }),
      'status%5Bin%5D=new%2Copen&limit=5',
    ],
    [
      aggregateQuery({
        groupBy: ['status', 'priority'],
        count: true,
        sum: ['a'],
        avg: ['a', 'b'],
        where: { team: null },
      }),
      'team=null&groupBy=status%2Cpriority&count=true&sum=a&avg=a%2Cb',
    ],
    [aggregateQuery({}), ''],
    [exportQuery({ where: { status: 'open' } }), 'status=open&format=csv'],
    [
      exportQuery({ format: 'json', sort: '-createdAt', search: 'x' }),
      'sort=-createdAt&search=x&format=json',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
