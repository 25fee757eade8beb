/** The package version, kept equal to package.json by a test (the one-file CLI has no package.json). */
export const VERSION = "0.1.0";
