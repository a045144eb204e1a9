import { describe, expect, it } from 'vitest';
import { assertSafeBaseUrl, isLoopbackHost } from '../../src/cli/secure-url.js';
import { redactSecrets } from '../../src/cli/redact.js';

describe('addresses that may carry a token', () => {
  it('allow https anywhere and plain http only to this machine', () => {
    expect(assertSafeBaseUrl('https://api.example.com', 'apiUrl', 'live').host).toBe('api.example.com');
    expect(assertSafeBaseUrl('http://127.0.0.1:4010', 'apiUrl', 'local').port).toBe('4010');
    expect(assertSafeBaseUrl('http://localhost:4010', 'apiUrl', 'local').hostname).toBe('localhost');
    expect(assertSafeBaseUrl('http://[::1]:4010', 'apiUrl', 'local').hostname).toBe('[::1]');
    expect(isLoopbackHost('127.8.9.10')).toBe(true);
    expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false);
  });

  it('refuse plain http to another host, naming the profile and the setting', () => {
    expect(() => assertSafeBaseUrl('http://api.example.com', 'authUrl', 'live')).toThrow(
      /profile live: authUrl http:\/\/api\.example\.com uses plain http/,
    );
    expect(() => assertSafeBaseUrl('ftp://x', 'apiUrl', 'live')).toThrow(/must be an http\(s\) address/);
    expect(() => assertSafeBaseUrl('nonsense', 'apiUrl', 'live')).toThrow(/is not an address/);
  });
});

describe('redaction', () => {
  it('replaces every secret, plain or URL-encoded', () => {
    const secret = 'abc/def+ghi';
    const text = `Authorization: Bearer ${secret} and ?client_secret=${encodeURIComponent(secret)}`;
    expect(redactSecrets(text, [secret, undefined])).toBe('Authorization: Bearer [REDACTED] and ?client_secret=[REDACTED]');
  });
});
