/**
 * The layers' import boundaries as ESLint rules, so an editor shows a wrong import where it is
 * typed (`npm run lint` also runs dependency-cruiser over the whole graph, for circles):
 * engine → projections → api (with api/contract, the wire contract) → web / scripts.
 * Shared with test/lint/boundaries.int.spec.ts, which proves each one fails on a violation.
 */
const rule = (regex, message) => ['error', { patterns: [{ regex, message }] }];

export const boundaries = [
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    rules: {
      'no-restricted-imports': rule(
        '(^|/)(projections|scripts|test)/|(^|/)api/(?!contract/)',
        'The browser imports only the wire contract (api/contract/) and the pure engine from the server tree.',
      ),
    },
  },
  {
    files: ['projections/**/*.ts'],
    rules: {
      'no-restricted-imports': rule(
        '(^|/)(api|web|scripts|test)/',
        'Read models are built from the engine only; the api maps their rows to the contract.',
      ),
    },
  },
  {
    files: ['api/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': rule(
        '^\\.\\./(?!\\.\\./engine/)',
        'The wire contract imports only zod and engine types: never api, projections, web or scripts.',
      ),
    },
  },
  {
    files: ['api/**/*.ts'],
    ignores: ['api/contract/**'],
    rules: {
      'no-restricted-imports': rule(
        '(^|/)(scripts|web|test)/',
        'The server never imports scripts (or the web client): the composition root in scripts/ runs the server.',
      ),
    },
  },
];
