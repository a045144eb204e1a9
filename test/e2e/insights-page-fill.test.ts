// The insights page's charts as a person sees them in headless Chromium at 1280 and 390 pixels:
// each chart fills the width of its card, and the running total's day axis is labelled to the
// last day of the data. The built CLI writes the page from a seeded sandbox.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import { startE2e, type E2e } from './support/built-cli.js';

interface Measured {
  /** Per chart card: the chart's width over the card's content width. */
  fill: Record<string, number>;
  lastDayLabel: string;
  lastDay: string;
}

const MEASURE = `(() => {
  const fill = {};
  for (const section of document.querySelectorAll('.charts section')) {
    const style = getComputedStyle(section);
    const content = section.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    fill[section.id] = section.querySelector('figure svg').getBoundingClientRect().width / content;
  }
  const axis = [...document.querySelectorAll('#cumulative-sales g.role-axis')].find((group) => (group.getAttribute('aria-label') || '').toLowerCase().startsWith('x-axis'));
  const labels = [...axis.querySelectorAll('g.role-axis-label text')].map((text) => text.textContent);
  const days = [...document.querySelectorAll('#cumulative-sales table tbody tr')].map((row) => row.cells[0].textContent);
  return { fill, lastDayLabel: labels[labels.length - 1], lastDay: days[days.length - 1] };
})()`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

describe.skipIf(!chromiumAvailable)('the insights page: charts fill their cards, the running total reaches the last day', { timeout: 180_000 }, () => {
  let e2e: E2e;
  let browser: Browser;
  beforeAll(async () => {
    [e2e, browser] = await Promise.all([startE2e(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await e2e?.close();
  });

  it('at 1280 and 390 pixels', async () => {
    const seeded = await e2e.run(['sandbox', 'seed', '--orders', '300']);
    expect(seeded.code, seeded.stderr).toBe(0);
    const eventId = seeded.stdout.trim().split('\n')[0];
    const path = join(e2e.dir, 'insights.html');
    const written = await e2e.run(['insights', eventId, '-o', path], { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin } });
    expect(written.code, written.stderr).toBe(0);
    for (const width of [1280, 390]) {
      const tab = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await tab.goto(pathToFileURL(path).href);
        const measured = (await tab.evaluate(MEASURE)) as Measured;
        expect(Object.keys(measured.fill).length).toBeGreaterThan(2);
        for (const [id, share] of Object.entries(measured.fill)) expect(share, `${id} at ${width}px`).toBeGreaterThan(0.97);
        const [, month, day] = measured.lastDay.split('-');
        expect(measured.lastDayLabel, `at ${width}px`).toBe(`${day} ${MONTHS[Number(month) - 1]}`);
      } finally {
        await tab.close();
      }
    }
  });
});
