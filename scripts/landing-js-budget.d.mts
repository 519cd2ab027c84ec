export declare const LANDING_JS_BUDGET_KB: number;
export declare const LANDING_JS_TARGET_KB: number;
export declare function landingInitialJs(clientDir: string): { files: string[]; gzipKb: number };
export declare function assertLandingJsBudget(clientDir: string, budgetKb?: number): { files: string[]; gzipKb: number };
