// The two small pages the CLI's loopback listener serves to the buyer's browser: the one that
// posts the booking form to the service (as the reference clients do: a hidden form submitted on
// load), and the one shown when the service has returned to the listener.

export interface FormPost {
  action: string;
  fields: Readonly<Record<string, string>>;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
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

/** Posts the form on load; the button is there for a browser with scripts off. */
export function renderAutoPostPage(form: FormPost): string {
  const inputs = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    'boxoffice: continue to payment',
    `<form id="booking" method="post" action="${escapeHtml(form.action)}">
${inputs}
<p>Taking you to the payment page…</p>
<noscript><button type="submit">Continue to payment</button></noscript>
</form>
<script>document.getElementById('booking').submit();</script>`,
  );
}

export function renderReturnPage(heading: string, detail: string): string {
  return page(`boxoffice: ${heading}`, `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(detail)}</p>
<p>You can close this window and return to the terminal.</p>`);
}
