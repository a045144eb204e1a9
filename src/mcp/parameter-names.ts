// A tool's error in the tool's own terms: the CLI's messages name flags (--from-date) and
// arguments (EVENT_ID); the assistant called the tool with parameters (fromDate, eventId).
import { kebabCase } from '../util/kebab-case.js';

/** `message` with each flag, or id argument, that stands for one of `parameters` named as that parameter. */
export function inToolTerms(message: string, parameters: readonly string[]): string {
  let result = message;
  for (const name of parameters) {
    result = result.replace(new RegExp(`--${kebabCase(name)}(?![\\w-])`, 'g'), name);
    // The ids are the CLI's positional arguments: eventId is EVENT_ID.
    if (name.endsWith('Id')) result = result.replace(new RegExp(`\\b${kebabCase(name).replace(/-/g, '_').toUpperCase()}\\b`, 'g'), name);
  }
  return result;
}
