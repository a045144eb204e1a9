// The profile store: one JSON file managed by `conf` (loaded only by commands that need it),
// written atomically with mode 0600. Presets sit under what is stored, so `local` works before
// anything has been saved.
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../client/errors.js';
import { PRESET_PROFILES, type Profile, type ProfileKey, type SentFields, type SentMemory } from './profile.js';

type Env = Readonly<Record<string, string | undefined>>;

interface StoredConfig extends Record<string, unknown> {
  profiles?: Record<string, Profile>;
}

export type SentKind = keyof SentMemory;

export interface ConfigStore {
  /** Absolute path of the config file (it may not exist yet). */
  readonly path: string;
  /** Preset profiles and saved ones, presets first. */
  profileNames(): string[];
  hasProfile(name: string): boolean;
  /** The preset merged with what is stored for `name` (an unknown name gives an empty profile). */
  getProfile(name: string): Profile;
  /** Sets the given keys; a key given as undefined is removed (a preset value shows again). */
  updateProfile(name: string, patch: Partial<Record<ProfileKey, string | undefined>>): void;
  /** Records what was last sent for a ticket or discount (merged over what was sent before). */
  rememberSent(name: string, kind: SentKind, recordKey: string, fields: SentFields): void;
  recallSent(name: string, kind: SentKind, recordKey: string): SentFields | undefined;
}

export const CONFIG_FILE_NAME = 'config.json';
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/** Key under which a ticket's or discount's sent fields are remembered. */
export function sentRecordKey(eventId: string, recordId: string): string {
  return `${eventId}:${recordId}`;
}

export async function openConfigStore(env: Env): Promise<ConfigStore> {
  const { default: Conf } = await import('conf');
  const configDir = env.BOXOFFICE_CONFIG_DIR?.trim() || undefined;
  if (configDir) mkdirSync(configDir, { recursive: true, mode: DIR_MODE });
  let conf: InstanceType<typeof Conf<StoredConfig>>;
  try {
    conf = new Conf<StoredConfig>({
      projectName: 'boxoffice',
      projectSuffix: '',
      ...(configDir ? { cwd: configDir } : {}),
      configName: 'config',
      configFileMode: FILE_MODE,
      accessPropertiesByDotNotation: false,
    });
  } catch (error) {
    const where = configDir ? join(configDir, CONFIG_FILE_NAME) : 'the config file';
    throw new UsageError(`cannot read ${where}: ${(error as Error).message}; fix or remove it`, 'BOXOFFICE_CONFIG_DIR');
  }
  tightenMode(conf.path);
  return new ConfStore(conf);
}

/** A file readable by others (written by an older version or by hand) is made owner-only. */
function tightenMode(path: string): void {
  try {
    const { mode } = statSync(path);
    if ((mode & 0o077) !== 0) chmodSync(path, FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

interface ConfLike {
  readonly path: string;
  get(key: 'profiles'): Record<string, Profile> | undefined;
  set(key: 'profiles', value: Record<string, Profile>): void;
}

class ConfStore implements ConfigStore {
  constructor(private readonly conf: ConfLike) {}

  get path(): string {
    return this.conf.path;
  }

  private stored(): Record<string, Profile> {
    const profiles = this.conf.get('profiles');
    return profiles && typeof profiles === 'object' ? profiles : {};
  }

  private save(profiles: Record<string, Profile>): void {
    this.conf.set('profiles', profiles);
    tightenMode(this.conf.path);
  }

  profileNames(): string[] {
    return [...new Set([...Object.keys(PRESET_PROFILES), ...Object.keys(this.stored())])];
  }

  hasProfile(name: string): boolean {
    return Object.hasOwn(PRESET_PROFILES, name) || Object.hasOwn(this.stored(), name);
  }

  getProfile(name: string): Profile {
    const preset = Object.hasOwn(PRESET_PROFILES, name) ? PRESET_PROFILES[name] : {};
    const stored = this.stored()[name] ?? {};
    return { ...preset, ...stored };
  }

  updateProfile(name: string, patch: Partial<Record<ProfileKey, string | undefined>>): void {
    const profiles = this.stored();
    const profile: Profile = { ...profiles[name] };
    for (const [key, value] of Object.entries(patch) as [ProfileKey, string | undefined][]) {
      if (value === undefined) delete profile[key];
      else profile[key] = value;
    }
    this.save({ ...profiles, [name]: profile });
  }

  rememberSent(name: string, kind: SentKind, recordKey: string, fields: SentFields): void {
    const profiles = this.stored();
    const profile: Profile = { ...profiles[name] };
    const memory: SentMemory = { ...profile.sent };
    const records = { ...memory[kind] };
    records[recordKey] = { ...records[recordKey], ...fields };
    memory[kind] = records;
    profile.sent = memory;
    this.save({ ...profiles, [name]: profile });
  }

  recallSent(name: string, kind: SentKind, recordKey: string): SentFields | undefined {
    return this.stored()[name]?.sent?.[kind]?.[recordKey];
  }
}
