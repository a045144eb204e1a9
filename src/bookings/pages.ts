// The small page the CLI's loopback listener shows the buyer's browser when the service has
// returned to it.

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function page(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">${extraHead}
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style>
</head><body>${body}</body></html>
`;
}

export function renderReturnPage(heading: string, detail: string): string {
  return page(
    `boxoffice: ${heading}`,
    `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(detail)}</p>
<p>You can close this window and return to the terminal.</p>`,
  );
}
