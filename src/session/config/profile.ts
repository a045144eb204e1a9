// What a profile holds, the keys `config set` may change, and the presets every store starts with.
// The `local` preset holds the built-in sandbox's well-known OAuth application and the booking
// key of its organizer account: fixed sandbox values, not secrets.
import { ORGANIZER_BOOKING_KEY, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SANDBOX_DEFAULT_PORT } from '../../sandbox/fixtures.js';

export const PROFILE_KEYS = ['apiUrl', 'publisherUrl', 'authUrl', 'clientId', 'clientSecret', 'token', 'tokenExpiresAt', 'publisherKey', 'bookingKey'] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];
export type Profile = Partial<Record<ProfileKey, string>>;

/** Values that are credentials: masked by `config list`, redacted from every trace and error. */
export const SECRET_KEYS: ReadonlySet<ProfileKey> = new Set(['clientSecret', 'token', 'publisherKey', 'bookingKey']);

export const URL_KEYS: ReadonlySet<ProfileKey> = new Set(['apiUrl', 'publisherUrl', 'authUrl']);

const LOCAL_SANDBOX_URL = `http://127.0.0.1:${SANDBOX_DEFAULT_PORT}`;

/**
 * The live service's addresses as public code shows them (docs/live-service.md, "Hosts and
 * paths"): the Event & Registration API and the booking form under www (in.explara.com answers
 * the same API), OAuth at /a/account/oauth/ there, the Publisher API under /api.
 */
const LIVE_SERVICE_URL = 'https://www.explara.com';

export const LIVE_PROFILE = 'live';

export const PRESET_PROFILES: Readonly<Record<string, Profile>> = {
  local: {
    apiUrl: LOCAL_SANDBOX_URL,
    publisherUrl: LOCAL_SANDBOX_URL,
    authUrl: LOCAL_SANDBOX_URL,
    clientId: SANDBOX_CLIENT_ID,
    clientSecret: SANDBOX_CLIENT_SECRET,
    bookingKey: ORGANIZER_BOOKING_KEY,
  },
  [LIVE_PROFILE]: {
    apiUrl: LIVE_SERVICE_URL,
    publisherUrl: `${LIVE_SERVICE_URL}/api`,
    authUrl: LIVE_SERVICE_URL,
  },
  sandbox: {},
};
