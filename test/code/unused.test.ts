// Nothing unused: no export that no other file imports (one used only inside its own file is
// reported too: it should not be exported), no unused file or dependency (knip, with knip.json).
// knip.json's ignoreIssues exempts eight files of the client transport and bench/ that were being
// rewritten in parallel (issue 20, phase 2a) when this rule was turned on; they go once un-exported.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('unused code', () => {
  it('knip finds no unused export, type, file or dependency', async () => {
    const result = await run(process.execPath, ['node_modules/knip/bin/knip.js', '--no-progress', '--no-exit-code', '--reporter', 'json'], {
      maxBuffer: 16 * 2 ** 20,
      timeout: 300_000,
    });
    const report = JSON.parse(result.stdout) as { files?: string[]; issues: Array<Record<string, unknown> & { file: string }> };
    const findings = [
      ...(report.files ?? []).map((file) => `unused file ${file}`),
      ...report.issues.flatMap((issue) =>
        Object.entries(issue)
          .filter(([kind, found]) => kind !== 'file' && kind !== 'owners' && Array.isArray(found) && found.length > 0)
          .map(([kind, found]) => `${issue.file}: ${kind} ${(found as Array<{ name: string }>).map((item) => item.name).join(', ')}`),
      ),
    ];
    expect(findings).toEqual([]);
  }, 300_000);
});
