import { describe, expect, it } from 'vitest';
import { assertSafeBaseUrl } from '../../src/session/session.js';
import { isLoopbackHost } from '../../src/client/loopback.js';

describe('addresses that may carry a token', () => {
  it('allow https anywhere and plain http only to this machine', () => {
    expect(assertSafeBaseUrl('https://api.example.com', 'apiUrl', 'live').host).toBe('api.example.com');
    expect(assertSafeBaseUrl('http://127.0.0.1:4010', 'apiUrl', 'local').port).toBe('4010');
    expect(assertSafeBaseUrl('http://localhost:4010', 'apiUrl', 'local').hostname).toBe('localhost');
    expect(assertSafeBaseUrl('http://[::1]:4010', 'apiUrl', 'local').hostname).toBe('[::1]');
    expect(isLoopbackHost('127.8.9.10')).toBe(true);
    expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false);
  });

  it('do not count *.localhost names as this machine: the system resolver may send them to DNS', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('sandbox.localhost')).toBe(false);
    expect(() => assertSafeBaseUrl('http://sandbox.localhost:4010', 'apiUrl', 'local')).toThrow(/uses plain http/);
  });

  it('refuse plain http to another host, naming the profile and the setting', () => {
    expect(() => assertSafeBaseUrl('http://api.example.com', 'authUrl', 'live')).toThrow(/profile live: authUrl http:\/\/api\.example\.com uses plain http/);
    expect(() => assertSafeBaseUrl('ftp://x', 'apiUrl', 'live')).toThrow(/must be an http\(s\) address/);
    expect(() => assertSafeBaseUrl('nonsense', 'apiUrl', 'live')).toThrow(/is not an address/);
  });
});
