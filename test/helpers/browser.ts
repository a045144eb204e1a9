// Headless Debian chromium driven by playwright-core. Never downloads a browser. Where chromium
// is missing, browser tests are skipped with a visible notice, except under CI=true (then they fail).
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

const CHROMIUM_PATH = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM_PATH);

if (!chromiumAvailable) {
  const notice = `browser tests: ${CHROMIUM_PATH} not found (apt-get install -y chromium)`;
  if (process.env.CI === 'true') throw new Error(`${notice}; required under CI=true`);
  process.stderr.write(`NOTICE: ${notice}; skipping them\n`);
}

/** Use as `describe.skipIf(!chromiumAvailable)` or `it.skipIf(!chromiumAvailable)`. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}
