// `npm pack` and `npm publish` pack package.json as it is on disk: `prepack` sets aside the
// scripts a checkout needs (`prepare` builds dist/ on `npm ci`) so that the packed package has
// no install script for npm to run or ask to allow, and `postpack` puts package.json back.
//   node scripts/pack-manifest.mjs strip | restore
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const MANIFEST = 'package.json';
const KEPT = 'package.json.checkout';
/** Scripts that are the checkout's own: npm lists `prepare` among a package's install scripts. */
const CHECKOUT_ONLY = ['prepare', 'prepack', 'postpack'];

const [action] = process.argv.slice(2);
if (action === 'strip') {
  const text = readFileSync(MANIFEST, 'utf8');
  if (!existsSync(KEPT)) writeFileSync(KEPT, text);
  const manifest = JSON.parse(text);
  for (const name of CHECKOUT_ONLY) delete manifest.scripts[name];
  delete manifest.devDependencies;
  delete manifest.allowScripts;
  delete manifest.overrides;
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (action === 'restore') {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip | restore');
  process.exit(2);
}
