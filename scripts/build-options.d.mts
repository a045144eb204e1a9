import type { BuildOptions } from 'esbuild';

export declare const cliBuildOptions: BuildOptions;
export declare const sourceGraphOptions: BuildOptions;
export declare const versionDefine: Record<string, string>;
