// Minimal HTML helpers for the sandbox's pages.
import { escapeHtml } from '../../util/loopback.js';

export { escapeHtml };

/** HTML → plain text: tags and non-breaking spaces as spaces, whitespace runs as one. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; }
label { display: block; margin: 0.8rem 0 0.2rem; }
input[type=email], input[type=password] { width: 100%; padding: 0.4rem; box-sizing: border-box; }
.buttons { margin-top: 1.2rem; display: flex; gap: 0.8rem; }
button { padding: 0.5rem 1.2rem; font-size: 1rem; }
.error { color: #b00020; }
.note { color: #555; font-size: 0.9rem; }
.amount { font-size: 2rem; margin: 0.5rem 0; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
