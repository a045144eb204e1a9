// What the CLI's one-shot loopback listeners share (the login callback, the booking return):
// binding a loopback address, closing at once, and the small page the browser is answered with.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

export function loopbackPage(heading: string, ...paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>boxoffice: ${escapeHtml(heading)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style>
</head><body><h1>${escapeHtml(heading)}</h1>${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}</body></html>
`;
}

/** Port 0: a free port; the port bound. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
