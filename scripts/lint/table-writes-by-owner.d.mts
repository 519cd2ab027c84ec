import type { Rule } from 'eslint';

/** The ESLint rule store/table-writes-by-owner (table-writes-by-owner.mjs), typed for its test. */
export declare const tableWritesByOwner: Rule.RuleModule;
