export declare const DEFAULT_HEAP_MB: number;
export declare function serverNodeArgs(env?: Record<string, string | undefined>): string[];
export declare function serverEnv(env?: Record<string, string | undefined>): Record<string, string | undefined>;
