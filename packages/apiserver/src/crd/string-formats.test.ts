import { describe, expect, it } from 'vitest';
import { effectiveFormat, matchesFormat } from './string-formats.ts';

describe('string formats', () => {
  it('keeps the formats CRDs support and drops the others', () => {
    expect(effectiveFormat('date-time')).toBe('date-time');
    expect(effectiveFormat('uuid')).toBe('uuid');
    expect(effectiveFormat('int32')).toBe('');
    expect(effectiveFormat('quantity')).toBe('');
  });

  it.each([
    ['date-time', '2024-02-29T23:59:59Z', true],
    ['date-time', '2024-02-30T10:00:00Z', false],
    ['date-time', '2024-01-01 10:00:00', false],
    ['date', '2023-02-29', false],
    ['date', '2024-02-29', true],
    ['duration', '1h30m', true],
    ['duration', '3 days', true],
    ['duration', 'soon', false],
    ['ipv4', '010.0.0.1', true],
    ['ipv4', '1.2.3', false],
    ['ipv6', '::1', true],
    ['cidr', '10.0.0.0/33', false],
    ['cidr', 'fd00::/8', true],
    ['hostname', 'api.example.com', true],
    ['hostname', '-bad-.com', false],
    ['email', 'ops@example.com', true],
    ['uri', 'https://example.com/x', true],
    ['uri', 'example.com', false],
    ['mac', '00:1a:2b:3c:4d:5e', true],
    ['byte', 'aGVsbG8=', true],
    ['byte', 'not base64!', false],
    ['uuid4', '3f2504e0-4f89-41d3-9a0c-0305e82c3301', true],
    ['isbn13', '978-0321751041', true],
    ['hexcolor', '#fff', true],
    ['rgbcolor', 'rgb(255, 0, 256)', false],
  ])('%s accepts %j: %s', (format, value, ok) => {
    expect(matchesFormat(format, value)).toBe(ok);
  });
});
