// Types of publiccode.mjs, for the unit test.
export declare const SCHEMA_FILE: string;
export declare const SCHEMA_SOURCE: string;
export declare const UNPUBLISHED_URL: string;
export declare function newestRelease(changelog: string): { version: string; date: string } | null;
export declare function checkPubliccode(text: string, pkg: { version: string; license: string; changelog: string }): string[];
export declare function withRepositoryUrl(text: string, url: string): string;
