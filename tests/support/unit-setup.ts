// Unit tests of client code opt into jsdom per file with `// @vitest-environment jsdom`.
export {};
