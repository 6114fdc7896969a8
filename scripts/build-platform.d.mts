// Types of build-platform.mjs, for the benchmarks and tests that make sure the platform's build is current.
/** out/platform/cli.js, the built command line. */
export declare const platformEntry: string
/** Whether a source of the platform is newer than its build (or there is no build). */
export declare function isPlatformBuildStale(): boolean
/** Builds the platform into out/platform; answers that folder, relative to the repository. */
export declare function buildPlatform(): Promise<string>
/** Builds when a source changed since the last build; answers whether it built. */
export declare function ensurePlatformBuild(): Promise<boolean>
