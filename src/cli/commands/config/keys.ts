// Which profile settings `config get|set` accept, and how their values are checked.
import { Argument } from 'commander';
import { UsageError } from '../../../client/errors.js';
import { completeWith } from '../../framework/completion-values.js';
import { PROFILE_KEYS, URL_KEYS, type ProfileKey } from '../../../session/config/profile.js';
import { isLoopbackHost } from '../../../client/loopback.js';

/** The KEY argument of `config get` and `config set`: one of the settings (completed by the shell). */
export function settingArgument(): Argument {
  const names = `${PROFILE_KEYS.slice(0, -1).join(', ')} or ${PROFILE_KEYS[PROFILE_KEYS.length - 1]}`;
  return completeWith(new Argument('<KEY>', names), PROFILE_KEYS);
}

/** apiUrl, api-url and API_URL all name apiUrl. */
export function profileKeyFrom(name: string): ProfileKey {
  const camel = name.toLowerCase().replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const match = PROFILE_KEYS.find((key) => key.toLowerCase() === camel.toLowerCase());
  if (match) return match;
  throw new UsageError(`unknown setting ${JSON.stringify(name)} (settings: ${PROFILE_KEYS.join(', ')})`, 'KEY');
}

/** A warning to show, if any. */
export function checkSettingValue(key: ProfileKey, value: string): string | undefined {
  if (URL_KEYS.has(key)) {
    const url = URL.parse(value);
    if (!url) throw new UsageError(`${key}: expected an address such as https://api.example.com, not ${JSON.stringify(value)}`, key);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`${key}: expected an http(s) address`, key);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      return `warning: ${key} uses plain http to another host; commands refuse to send tokens there (use https)`;
    }
    return undefined;
  }
  if (key === 'tokenExpiresAt' && Number.isNaN(new Date(value).getTime())) {
    throw new UsageError(`tokenExpiresAt: expected a date-time such as 2027-02-22T00:00:00Z`, key);
  }
  if (/\s/.test(value.trim()) && key !== 'clientId') throw new UsageError(`${key}: must not contain spaces`, key);
  return undefined;
}
