// Relative links in Markdown files and whether they resolve, with GitHub's heading anchors.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';

/** The text GitHub makes a heading's anchor from: inline markup dropped, raw HTML left out. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'html') return '';
      if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) return plainText(token.tokens);
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    })
    .join('');
}

export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
  });
  return anchors;
}

export function linksIn(markdown: string): string[] {
  const hrefs: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'link' || token.type === 'image') hrefs.push((token as Tokens.Link).href);
  });
  return hrefs;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Every relative link of `file` that does not resolve, as "file: href (why)". */
export function brokenLinks(file: string, root: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const href of linksIn(markdown)) {
    if (EXTERNAL.test(href)) continue;
    const [pathPart, anchor] = href.split('#', 2) as [string, string | undefined];
    const target = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    const where = `${relative(root, file)}: ${href}`;
    if (!existsSync(target)) {
      broken.push(`${where} (no such file)`);
    } else if (anchor !== undefined) {
      if (statSync(target).isDirectory() || !target.endsWith('.md')) broken.push(`${where} (an anchor into a file that is not Markdown)`);
      else if (!headingAnchors(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${where} (no heading #${anchor})`);
    }
  }
  return broken;
}

export function markdownFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFilesUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}
