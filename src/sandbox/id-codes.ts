// The live service names events, tickets and discounts by codes of letters (EKDJHH, TKCIGJ) beside
// their ids. The sandbox's: a kind letter and the id in base 26 with A–Z, at least five letters
// (event 1 is EAAAAB). Its routes read either form; `--quirks` answers with the code as the live service does.

export type IdKind = 'event' | 'ticket' | 'discount';

const PREFIX: Record<IdKind, string> = { event: 'E', ticket: 'T', discount: 'D' };
const MIN_LETTERS = 5;
const A = 'A'.charCodeAt(0);

export function idCode(kind: IdKind, id: number): string {
  let letters = '';
  for (let rest = id; rest > 0; rest = Math.floor(rest / 26)) letters = String.fromCharCode(A + (rest % 26)) + letters;
  return PREFIX[kind] + letters.padStart(MIN_LETTERS, 'A');
}

/** The numeric id a code of this kind stands for, or undefined when `text` is not one. */
export function idFromCode(kind: IdKind, text: string): number | undefined {
  const match = /^([A-Z])([A-Z]{5,11})$/.exec(text.trim().toUpperCase());
  if (!match || match[1] !== PREFIX[kind]) return undefined;
  let id = 0;
  for (const letter of match[2]) id = id * 26 + (letter.charCodeAt(0) - A);
  return id > 0 ? id : undefined;
}
