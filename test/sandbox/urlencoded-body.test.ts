// readForm reads an urlencoded body itself (request.ts): the fields must be what hono's parseBody
// gives for the same bytes (repeated names, `[]` names, the byte order mark, `+`, bad escapes,
// invalid UTF-8, `__proto__`), a `[]` name refused as parseBody's list would be.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/sandbox/errors.js';
import { readForm } from '../../src/sandbox/request.js';

const BODIES: (string | Buffer)[] = [
  'eventId=100001',
  'a=1&a=2&b=3',
  'a[]=1&a[]=2',
  '\uFEFFeventId=1',
  'name=%E2%82%AC+x%20y&empty=&=nameless&novalue',
  '&&a=1&&',
  'bad=%zz%4',
  '__proto__=x&constructor=y',
  Buffer.from([0x61, 0x3d, 0xff, 0xfe, 0x26, 0x62, 0x3d, 0xc3]),
];

const app = new Hono();
app.post('/read-form', async (c) => {
  try {
    return c.json({ fields: await readForm(c) });
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    return c.json({ refused: error.field });
  }
});
app.post('/parse-body', async (c) => c.json({ fields: { ...(await c.req.parseBody()) } }));

interface FormAnswer {
  fields?: Record<string, unknown>;
  refused?: string;
}

async function answer(path: string, body: string | Buffer): Promise<FormAnswer> {
  const response = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }, body });
  return (await response.json()) as FormAnswer;
}

describe('an urlencoded body', () => {
  it.each(BODIES.map((body) => [JSON.stringify(body.toString()), body]))('%s reads as hono parseBody reads it', async (_name, body) => {
    const parsed = (await answer('/parse-body', body)).fields ?? {};
    const list = Object.keys(parsed).find((name) => Array.isArray(parsed[name]));
    // readForm copies the fields by assignment, as it did parseBody's: `__proto__` is not kept either way.
    expect(await answer('/read-form', body)).toEqual(list === undefined ? { fields: Object.assign({}, parsed) } : { refused: list });
  });
});
