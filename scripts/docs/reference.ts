// Everything `npm run docs` writes: docs/commands/*.md and man/boxoffice.1, from the command tree.
import { renderManPage, MAN_PAGE } from './man.js';
import { COMMANDS_DIR, pageName, renderIndex, renderPage } from './pages.js';
import { readCommandTree } from './tree.js';

export interface GeneratedFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  content: string;
}

/** Folders whose every file is generated: a file there that is not generated is stale. */
export const GENERATED_DIRS: readonly string[] = [COMMANDS_DIR];

export async function generateReference(): Promise<GeneratedFile[]> {
  const docs = await readCommandTree();
  return [
    { path: `${COMMANDS_DIR}/README.md`, content: renderIndex(docs) },
    ...docs.map((doc) => ({ path: `${COMMANDS_DIR}/${pageName(doc.path)}`, content: renderPage(doc) })),
    { path: MAN_PAGE, content: renderManPage(docs) },
  ];
}
