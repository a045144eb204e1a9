// The built CLI writes its code caches in the user's cache directory: during the suite that is a
// directory of the run's own (the forked workers and the CLI processes they start inherit it), so
// the suite leaves nothing in the home directory of whoever runs it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const cacheHome = mkdtempSync(join(tmpdir(), 'boxoffice-test-cache-'));
  process.env.XDG_CACHE_HOME = cacheHome;
  return () => rmSync(cacheHome, { recursive: true, force: true });
}
