// How docs examples and their markers are read (docs/testing.md), on a made-up page.
import { describe, expect, it } from 'vitest';
import { extractExamples, runnableCode } from './support/doc-examples.js';

const page = [
  '# Page',
  '',
  'Some prose.',
  '',
  '    boxoffice event get 12        # an indented command block',
  '    boxoffice report 12',
  '',
  '<!-- example: skip live service -->',
  '```sh',
  'boxoffice --profile live event list',
  '```',
  '',
  '<!-- example: replace 12=$EVENT_ID http://127.0.0.1:4010=$SANDBOX_URL -->',
  '<!-- example: env BOXOFFICE_TOKEN=$ADMIN_TOKEN -->',
  '<!-- example: before',
  "printf 'x\\n' > x.txt",
  '-->',
  '',
  '```console',
  '$ boxoffice attendees export 12 -o a-12.csv',
  'exported 3 attendees',
  '$ curl http://127.0.0.1:4010/x',
  '```',
  '',
  '```',
  '$ boxoffice not run: untagged',
  '```',
  '',
  '    exported 152 attendees     (output, not a command)',
  '',
  '<!-- example: exit 2 -->',
  '```bash',
  'boxoffice ticket add 12',
  '```',
].join('\n');

describe('docs example markers', () => {
  const examples = extractExamples('page.md', page);

  it('finds shell blocks, fenced and indented, and leaves output and untagged blocks alone', () => {
    expect(examples.map((example) => [example.line, example.code.split('\n')[0]])).toEqual([
      [5, 'boxoffice event get 12        # an indented command block'],
      [10, 'boxoffice --profile live event list'],
      [20, 'boxoffice attendees export 12 -o a-12.csv'],
      [33, 'boxoffice ticket add 12'],
    ]);
  });

  it('applies skip, replace (whole words only), env, before and exit', () => {
    expect(examples[0].skip).toBeUndefined();
    expect(examples[0].exit).toBe(0);
    expect(examples[1].skip).toBe('live service');
    expect(runnableCode(examples[2])).toBe(
      "printf 'x\\n' > x.txt\n(\nexport BOXOFFICE_TOKEN=$ADMIN_TOKEN\nboxoffice attendees export $EVENT_ID -o a-12.csv\ncurl $SANDBOX_URL/x\n)",
    );
    expect(examples[3].exit).toBe(2);
  });

  it('refuses an unknown marker and a skip without a reason, naming the line', () => {
    expect(() => extractExamples('bad.md', '<!-- example: skipp x -->\n```sh\nboxoffice\n```')).toThrow('bad.md:1: unknown marker "example: skipp"');
    expect(() => extractExamples('bad.md', '\n<!-- example: skip -->\n```sh\nboxoffice\n```')).toThrow('bad.md:2: "example: skip" needs a reason');
  });
});
