// Fixed sandbox values, well-known on purpose (the `local` profile holds them): not secrets.

export const SANDBOX_CLIENT_ID = 'boxoffice-cli';
export const SANDBOX_CLIENT_SECRET = 'sandbox-client-secret';
/** The callback the CLI's application is registered with (the default login port). */
export const SANDBOX_CLIENT_CALLBACK = 'http://127.0.0.1:8976/callback';
export const SANDBOX_PASSWORD = 'sandbox';

/**
 * An application registered as public clients of the live service use theirs: a confidential
 * client (its secret kept on a server) that sends no PKCE and no redirect_uri, the code going to
 * the callback registered here. Beside the CLI's own client, which must use PKCE.
 */
export const SANDBOX_WEB_APP = {
  clientId: 'sandbox-web-app',
  clientSecret: 'sandbox-web-app-secret',
  callback: 'http://127.0.0.1:8977/oauth/callback',
} as const;

export const ORGANIZER_EMAIL = 'organizer@sandbox.local';
export const ADMIN_EMAIL = 'admin@sandbox.local';

export type AccountRole = 'organizer' | 'admin';

/** The booking key of `organizer@sandbox.local` (the `local` profile's booking key). */
export const ORGANIZER_BOOKING_KEY = 'sandbox-booking-key-organizer';

export const SEED_ACCOUNTS: readonly { email: string; role: AccountRole; bookingKey: string }[] = [
  { email: ORGANIZER_EMAIL, role: 'organizer', bookingKey: ORGANIZER_BOOKING_KEY },
  { email: ADMIN_EMAIL, role: 'admin', bookingKey: 'sandbox-booking-key-admin' },
];

/** The sandbox's default port (the `local` profile points here). */
export const SANDBOX_DEFAULT_PORT = 4010;

/** Access tokens live 3 months (reference §5); the sandbox counts 90 days. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 90 * 24 * 60 * 60;
/** Authorization codes are usable once, within 10 minutes. */
export const AUTH_CODE_LIFETIME_SECONDS = 10 * 60;
