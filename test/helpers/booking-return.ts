// The sandbox's booking return page: a form posting `response` and `status` to the callback.
// Tests that act as the buyer's browser without one read it here and post it as a browser would.

export interface ReturnForm {
  /** The callback address the form posts to. */
  action: URL;
  fields: { response: string; status: string };
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}

/** Reads the return form of a /em/booking/complete answer (200, text/html). */
export async function readReturnForm(answer: Response): Promise<ReturnForm> {
  if (answer.status !== 200) throw new Error(`the sandbox did not send the buyer back (${answer.status}: ${await answer.text()})`);
  const html = await answer.text();
  const action = /<form id="booking-return" method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no return form on the page');
  const field = (name: string) => unescapeHtml(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html)?.[1] ?? '');
  return { action: new URL(unescapeHtml(action)), fields: { response: field('response'), status: field('status') } };
}

/** Posts the return form to its callback, as the page's script (or its button) does. */
export function postReturnForm(form: ReturnForm): Promise<Response> {
  return fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) });
}
