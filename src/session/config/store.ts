// The profile store: one JSON file, written through `conf` (atomically, mode 0600), read as plain
// JSON: `conf` and its schema validator cost ~35 ms to load, which every command that only reads
// its profile would pay. Presets sit under what is stored.
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { UsageError } from '../../client/errors.js';
import { createPrivateDirectory, PRIVATE_FILE_MODE } from '../../util/private-file.js';
import { PRESET_PROFILES, type Profile, type ProfileKey } from './profile.js';
import type { SentByProfile, SentMemory } from './sent.js';
import { assertOnlyYours, requireAbsoluteDirectory } from './trust.js';

type Env = Readonly<Record<string, string | undefined>>;

/** `sent`: the records an older version kept here (now in sent.json). */
type StoredProfile = Profile & { sent?: SentMemory };

type StoredConfig = Record<string, unknown> & { profiles?: Record<string, StoredProfile> };

/** BOXOFFICE_CONFIG_DIR, else the platform's config directory (as `conf` would choose it); absolute. */
export function configDirectory(env: Env): string {
  const explicit = env.BOXOFFICE_CONFIG_DIR?.trim();
  if (explicit) return requireAbsoluteDirectory(explicit, 'BOXOFFICE_CONFIG_DIR');
  return requireAbsoluteDirectory(envPaths('boxoffice', { suffix: '' }).config, 'HOME');
}

export async function openConfigStore(env: Env): Promise<ConfigStore> {
  const directory = configDirectory(env);
  const path = join(directory, 'config.json');
  assertOnlyYours(directory, 'directory');
  assertOnlyYours(path, 'file');
  tightenMode(path);
  return new ConfigStore(directory, path, readStoredConfig(path));
}

/** A JSON object file of the config directory ({} while it does not exist); `fix or remove it` when it is not one. */
export function readStoredConfig(path: string): StoredConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`, 'BOXOFFICE_CONFIG_DIR');
  }
  try {
    const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as StoredConfig;
    throw new Error('expected a JSON object');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}; fix or remove it`, 'BOXOFFICE_CONFIG_DIR');
  }
}

/** A file readable by others (written by an older version or by hand) is made owner-only. */
function tightenMode(path: string): void {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats && (stats.mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE_MODE);
}

export class ConfigStore {
  constructor(
    readonly directory: string,
    readonly path: string,
    private config: StoredConfig,
  ) {}

  private stored(): Record<string, StoredProfile> {
    const profiles = this.config.profiles;
    return profiles && typeof profiles === 'object' ? profiles : {};
  }

  private async save(profiles: Record<string, StoredProfile>): Promise<void> {
    const { default: Conf } = await import('conf');
    createPrivateDirectory(this.directory);
    const conf = new Conf<StoredConfig>({
      projectName: 'boxoffice',
      cwd: this.directory,
      configName: 'config',
      configFileMode: PRIVATE_FILE_MODE,
      accessPropertiesByDotNotation: false,
    });
    conf.set('profiles', profiles);
    this.config = { ...this.config, profiles };
    tightenMode(this.path);
  }

  /** Presets first. */
  profileNames(): string[] {
    return [...new Set([...Object.keys(PRESET_PROFILES), ...Object.keys(this.stored())])];
  }

  hasProfile(name: string): boolean {
    return Object.hasOwn(PRESET_PROFILES, name) || Object.hasOwn(this.stored(), name);
  }

  /** The preset merged with what is stored (an unknown name gives an empty profile). */
  getProfile(name: string): Profile {
    return { ...(Object.hasOwn(PRESET_PROFILES, name) ? PRESET_PROFILES[name] : {}), ...this.stored()[name] };
  }

  /** A key given as undefined is removed (a preset value shows again). */
  async updateProfile(name: string, patch: Partial<Record<ProfileKey, string | undefined>>): Promise<void> {
    const profiles = this.stored();
    const profile: Profile = { ...profiles[name] };
    for (const [key, value] of Object.entries(patch) as [ProfileKey, string | undefined][]) {
      if (value === undefined) delete profile[key];
      else profile[key] = value;
    }
    await this.save({ ...profiles, [name]: profile });
  }

  /** The records of what was sent that an older version kept in the profiles (sent.ts). */
  sentInProfiles(): SentByProfile | undefined {
    const entries = Object.entries(this.stored()).flatMap(([name, profile]) => (profile.sent ? [[name, profile.sent] as const] : []));
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }

  async dropSentFromProfiles(): Promise<void> {
    await this.save(Object.fromEntries(Object.entries(this.stored()).map(([name, { sent: _sent, ...profile }]) => [name, profile])));
  }
}
