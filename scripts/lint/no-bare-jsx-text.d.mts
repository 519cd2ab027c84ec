import type { Rule } from 'eslint';

/** The ESLint rule store/no-bare-jsx-text (no-bare-jsx-text.mjs), typed for its test. */
export declare const noBareJsxText: Rule.RuleModule;
