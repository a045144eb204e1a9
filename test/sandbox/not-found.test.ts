// An address no route serves is answered as every error is, in each mode: --quirks reshapes it
// as it reshapes the routes' errors (HTTP 200, the Publisher API's {"success":"fail"}).
import { describe, expect, it } from 'vitest';
import { useTestSandbox } from '../helpers/sandbox.js';

async function postTo(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { method: 'POST', headers });
  return { status: response.status, body: await response.json() };
}

const NOT_FOUND_API = { status: 'error', message: 'NOT_FOUND', description: 'no such endpoint: POST /api/e/no-such-verb' };

describe('an unknown address, default mode', () => {
  const sandbox = useTestSandbox();

  it('is NOT_FOUND with HTTP 404', async () => {
    expect(await postTo(`${sandbox.url}/api/e/no-such-verb`)).toEqual({ status: 404, body: NOT_FOUND_API });
  });
});

describe('an unknown address, --quirks', () => {
  const sandbox = useTestSandbox({ quirks: true });

  it('is NOT_FOUND with HTTP 200 under /api', async () => {
    expect(await postTo(`${sandbox.url}/api/e/no-such-verb`)).toEqual({ status: 200, body: NOT_FOUND_API });
  });

  it('is {"success":"fail"} with HTTP 200 under /publisher', async () => {
    expect(await postTo(`${sandbox.url}/publisher/no-such-verb`, { Authorization: `Bearer ${sandbox.tokens.publisher}` })).toEqual({
      status: 200,
      body: { success: 'fail', message: 'no such endpoint: POST /publisher/no-such-verb' },
    });
  });
});
