export declare const CORE_ROOTS: readonly string[];
export declare function buildCli(): Promise<void>;
