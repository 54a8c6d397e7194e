import { describe, expect, it } from 'vitest';
import { appSecret, appSecretData, decode, newPassword } from './app-secret.ts';

const input = { namespace: 'shop', cluster: 'pg', dbname: 'orders', username: 'app', password: 's3cr:t@' };

describe('the CloudNativePG app Secret', () => {
  it("is named after the owner role and points at the cluster's read-write Service", () => {
    const secret = appSecret(input);
    expect(secret.metadata.name).toBe('app');
    expect(secret.type).toBe('kubernetes.io/basic-auth');
    const data = decode(secret.data as Record<string, string>);
    expect(data).toMatchObject({ username: 'app', password: 's3cr:t@', host: 'pg-rw', port: '5432', dbname: 'orders' });
  });

  it('carries connection strings that escape the password', () => {
    const data = appSecretData(input);
    expect(data.uri).toBe('postgresql://app:s3cr%3At%40@pg-rw:5432/orders');
    expect(data['jdbc-uri']).toBe('jdbc:postgresql://pg-rw:5432/orders?password=s3cr%3At%40&user=app');
    expect(data['fqdn-uri']).toBe('postgresql://app:s3cr%3At%40@pg-rw.shop.svc:5432/orders');
    expect(data.pgpass).toBe('pg-rw:5432:orders:app:s3cr:t@\n');
  });

  it('gets a fresh alphanumeric password each time', () => {
    const a = newPassword();
    expect(a).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(newPassword()).not.toBe(a);
  });
});
