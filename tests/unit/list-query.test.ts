import { describe, expect, it } from 'vitest';
import { listQuery } from '~/lib/list-query.server';

const query = (search: string, defaults?: Record<string, string>) =>
  listQuery(new URL(`http://localhost/order?${search}`), defaults);

describe('listQuery', () => {
  it('passes the list state on as the upstream query, arrays as lists', () => {
    expect(
      query(
        'search=SO%2F1&page=2&per_page=50&date-from=2026-01-01&date-to=2026-01-31&vendor=3&vendor=4&x=1',
        {
          'with-canceled': '1',
        },
      ),
    ).toEqual({
      'with-canceled': '1',
      search: 'SO/1',
      page: '2',
      per_page: '50',
      'date-from': '2026-01-01',
      'date-to': '2026-01-31',
      vendor: ['3', '4'],
    });
  });

  it('keeps what the page sets over what the URL says, as the customer of /customer/{name}', () => {
    expect(query('customer-name=Bob&search=x', { 'customer-name': 'Alice' })).toEqual({
      'customer-name': 'Alice',
      search: 'x',
    });
  });

  it('turns a range picked backwards around', () => {
    expect(query('date-from=2026-03-10&date-to=2026-03-01')).toEqual({
      'date-from': '2026-03-01',
      'date-to': '2026-03-10',
    });
  });

  it('leaves out what the API would refuse: days that do not exist or are out of range, bad pages, ids', () => {
    expect(
      query(
        'date-from=2026-02-31&date-to=9999-12-31&page=0&per_page=5000&order_by=sideways&vendor=abc&channel=3000000000',
      ),
    ).toEqual({});
    expect(query('page=1e20')).toEqual({});
  });

  it('cuts an over-long search to 200 characters and drops NUL characters', () => {
    const result = query(`search=${'a'.repeat(300)}%00`);
    expect(result.search).toBe('a'.repeat(200));
    expect(query('search=%00')).toEqual({});
  });
});
