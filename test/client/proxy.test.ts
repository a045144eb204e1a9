// Which proxy carries a request (src/client/proxy.ts): the rules undici's EnvHttpProxyAgent
// applied before direct requests moved to node:http, so that a proxy setting means the same.
import { describe, expect, it } from 'vitest';
import { proxyFor } from '../../src/client/proxy.js';

const PROXY = 'http://proxy.example.test:3128';

describe('proxyFor', () => {
  it('uses HTTP_PROXY for http:// and HTTPS_PROXY for https://, in either case', () => {
    const env = { HTTP_PROXY: PROXY, https_proxy: 'http://secure-proxy.example.test:8080' };
    expect(proxyFor(new URL('http://api.example.test/x'), env)).toBe(PROXY);
    expect(proxyFor(new URL('https://api.example.test/x'), env)).toBe('http://secure-proxy.example.test:8080');
  });

  it('falls back to HTTP_PROXY for https:// when HTTPS_PROXY is not set', () => {
    expect(proxyFor(new URL('https://api.example.test/x'), { http_proxy: PROXY })).toBe(PROXY);
  });

  it('without proxy variables (or blank ones) connects directly', () => {
    expect(proxyFor(new URL('https://api.example.test/x'), {})).toBeUndefined();
    expect(proxyFor(new URL('https://api.example.test/x'), { HTTPS_PROXY: '  ' })).toBeUndefined();
  });

  it.each([
    ['api.example.test', 'https://api.example.test/x'],
    ['example.test', 'https://api.example.test/x'],
    ['.example.test', 'https://api.example.test/x'],
    ['*.example.test', 'https://deep.api.example.test/x'],
    ['other.test, api.example.test', 'https://api.example.test/x'],
    ['API.Example.Test', 'https://api.example.test/x'],
    ['api.example.test:8443', 'https://api.example.test:8443/x'],
    ['api.example.test:443', 'https://api.example.test/x'],
    ['*', 'https://anything.test/x'],
    ['[::2]', 'http://[::2]:8080/x'],
  ])('NO_PROXY %j excludes %s', (noProxy, url) => {
    expect(proxyFor(new URL(url), { HTTPS_PROXY: PROXY, HTTP_PROXY: PROXY, NO_PROXY: noProxy })).toBeUndefined();
  });

  it.each([
    ['example.test', 'https://notexample.test/x'],
    ['api.example.test:8443', 'https://api.example.test/x'],
    ['other.test', 'https://api.example.test/x'],
  ])('NO_PROXY %j does not exclude %s', (noProxy, url) => {
    expect(proxyFor(new URL(url), { HTTPS_PROXY: PROXY, NO_PROXY: noProxy })).toBe(PROXY);
  });

  it('loopback IP literals never go through a proxy; names do unless NO_PROXY says so', () => {
    const env = { HTTP_PROXY: PROXY };
    expect(proxyFor(new URL('http://127.0.0.1:4010/x'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://[::1]:4010/x'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://localhost:4010/x'), env)).toBe(PROXY);
  });
});
