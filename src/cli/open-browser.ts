// Opens an address with $BROWSER when set (a command, as gh and git do), else the system default.
import { spawn } from 'node:child_process';

export async function openInBrowser(url: string, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const browser = env.BROWSER?.trim();
  if (browser) {
    const child = spawn(browser, [url], { stdio: 'ignore', detached: true, shell: false });
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('spawn', () => resolve());
    });
    child.unref();
    return;
  }
  const { default: open } = await import('open');
  await open(url);
}
