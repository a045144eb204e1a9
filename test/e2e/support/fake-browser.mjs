#!/usr/bin/env node
// A stand-in for a browser, for BROWSER in end-to-end tests. It appends one JSON line to
// $FAKE_BROWSER_LOG with its arguments, then (unless FAKE_BROWSER_VISIT=0) visits the address
// as a person would: on each page with a form it fills email/password (FAKE_BROWSER_EMAIL,
// FAKE_BROWSER_PASSWORD), presses the first button (Allow, Pay), follows redirects, and goes on
// until a page has no form. Enough for the sandbox's sign-in and payment pages.
import { appendFileSync } from 'node:fs';

const args = process.argv.slice(2);
if (process.env.FAKE_BROWSER_LOG) appendFileSync(process.env.FAKE_BROWSER_LOG, `${JSON.stringify({ args })}\n`);
const url = args.find((arg) => /^https?:\/\//.test(arg));

const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const unescapeHtml = (text) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The first form of a page: where it goes and the fields a click on its first button sends. */
function firstForm(html, base) {
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const open = /<form\b[^>]*>/i.exec(form[0])[0];
  const fields = new URLSearchParams();
  for (const [tag] of form[1].matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, 'name');
    if (!name) continue;
    const type = (attribute(tag, 'type') ?? 'text').toLowerCase();
    if (type === 'email' || name === 'email') fields.set(name, process.env.FAKE_BROWSER_EMAIL ?? 'organizer@sandbox.local');
    else if (type === 'password') fields.set(name, process.env.FAKE_BROWSER_PASSWORD ?? 'sandbox');
    else fields.set(name, unescapeHtml(attribute(tag, 'value') ?? ''));
  }
  const button = /<button\b[^>]*>/i.exec(form[1])?.[0];
  if (button && attribute(button, 'name')) fields.set(attribute(button, 'name'), unescapeHtml(attribute(button, 'value') ?? ''));
  return {
    action: new URL(unescapeHtml(attribute(open, 'action') ?? ''), base).href,
    method: (attribute(open, 'method') ?? 'get').toUpperCase(),
    fields,
  };
}

async function visit(start) {
  let request = { url: start, method: 'GET', body: undefined };
  for (let step = 0; step < 12 && loopback(request.url); step += 1) {
    const response = await fetch(request.url, {
      method: request.method,
      body: request.body,
      redirect: 'manual',
      headers: request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    });
    const location = response.headers.get('location');
    if (location) {
      request = { url: new URL(location, request.url).href, method: 'GET', body: undefined };
      continue;
    }
    const form = firstForm(await response.text(), request.url);
    if (!form) return;
    request =
      form.method === 'POST'
        ? { url: form.action, method: 'POST', body: form.fields.toString() }
        : { url: `${form.action.split('?')[0]}?${form.fields}`, method: 'GET', body: undefined };
  }
}

// Never leaves this machine: a page elsewhere (a shop's --callback-url) is only recorded.
const loopback = (address) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(address).hostname);

if (url && process.env.FAKE_BROWSER_VISIT !== '0') {
  await visit(url).catch((error) => {
    if (process.env.FAKE_BROWSER_LOG) appendFileSync(process.env.FAKE_BROWSER_LOG, `${JSON.stringify({ error: String(error) })}\n`);
  });
}
