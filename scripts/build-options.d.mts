import type { BuildOptions } from 'esbuild';

export declare const cliBuildOptions: BuildOptions;
