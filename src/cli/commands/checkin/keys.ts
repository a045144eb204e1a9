// Keys from a terminal in raw mode: a chunk of input (a barcode scanner types a whole code and
// Enter in one) split into printable text, Enter, Backspace, arrows and control keys.
export type Key = { kind: 'text'; text: string } | { kind: 'enter' | 'backspace' | 'up' | 'down' | 'escape' | 'undo' | 'clear' | 'quit' } | { kind: 'ignored' };

const CONTROL_KEYS: Readonly<Record<string, Key['kind']>> = {
  '\r': 'enter',
  '\n': 'enter',
  '\x7f': 'backspace',
  '\b': 'backspace',
  '\x1a': 'undo',
  '\x15': 'clear',
  '\x03': 'quit',
  '\x04': 'quit',
};

export function keysOf(chunk: string): Key[] {
  const keys: Key[] = [];
  let text = '';
  const flush = (): void => {
    if (text !== '') keys.push({ kind: 'text', text });
    text = '';
  };
  for (let index = 0; index < chunk.length; index += 1) {
    const character = chunk[index];
    if (character === '\x1b') {
      flush();
      const sequence = /^\x1b(\[[0-9;?]*[@-~]|O[A-Z])/.exec(chunk.slice(index));
      if (sequence === null) {
        keys.push({ kind: 'escape' });
        continue;
      }
      const final = sequence[1].slice(-1);
      keys.push({ kind: final === 'A' ? 'up' : final === 'B' ? 'down' : 'ignored' });
      index += sequence[0].length - 1;
      continue;
    }
    const control = CONTROL_KEYS[character];
    if (control !== undefined) {
      flush();
      keys.push({ kind: control } as Key);
      // A terminal's Enter may be \r\n: one Enter.
      if (character === '\r' && chunk[index + 1] === '\n') index += 1;
      continue;
    }
    if (character < ' ') continue;
    text += character;
  }
  flush();
  return keys;
}
