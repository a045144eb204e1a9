// On the `local` profile (the built-in sandbox, cli-contract "Profiles"), tokens and keys come from
// `boxoffice sandbox token`, the sandbox's developer area, not from the real service's.

/** The preset profile that points at the built-in sandbox. */
const LOCAL_PROFILE = 'local';

/** Where `profileName` gets a token or key of `role`: a command on the local profile, else `elsewhere`. */
export function whereToGet(profileName: string, role: 'organizer' | 'publisher', elsewhere: string): string {
  if (profileName !== LOCAL_PROFILE) return elsewhere;
  return role === 'publisher'
    ? 'export BOXOFFICE_PUBLISHER_KEY=$(boxoffice sandbox token --role publisher)'
    : 'get one with boxoffice sandbox token (boxoffice sandbox token | boxoffice login --with-token)';
}
