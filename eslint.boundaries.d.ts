import type { Linter } from 'eslint';

/** The layers' import boundaries (see eslint.boundaries.js). */
export declare const boundaries: Linter.Config[];
