/** The test suite's cache folder (see cache-dir.js). */
export declare const CACHE_DIR: string;
