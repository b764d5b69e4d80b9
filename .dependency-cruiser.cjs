/**
 * The import graph, checked by `npm run lint` (depcruise). Layers, lowest first:
 *   engine → projections → api (api/contract is the wire contract) → web / scripts
 * An arrow may only point down, never in a circle.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports makes a module impossible to read, test or move alone.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular-types',
      severity: 'error',
      comment: 'Type-only circles too: they tie features together just as tightly.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-is-pure',
      severity: 'error',
      comment: 'The engine knows nothing of the read models, the server, the browser or the scripts.',
      from: { path: '^engine/' },
      to: { path: '^(projections|api|web|scripts|test)/' },
    },
    {
      name: 'projections-below-api',
      severity: 'error',
      comment: 'Read models are built from the engine only; the api maps their rows to the contract.',
      from: { path: '^projections/' },
      to: { path: '^(api|web|scripts|test)/' },
    },
    {
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment: 'The wire contract imports only zod and engine types.',
      from: { path: '^api/contract/' },
      to: { path: '^(api/(?!contract/)|(projections|web|scripts|test)/)' },
    },
    {
      name: 'api-not-scripts',
      severity: 'error',
      comment: 'The server never runs scripts: the composition root in scripts/ runs the server.',
      from: { path: '^api/' },
      to: { path: '^(scripts|web|test)/' },
    },
    {
      name: 'web-sees-only-the-contract',
      severity: 'error',
      comment: 'The browser may import only the wire contract and the pure engine from the server tree.',
      from: { path: '^web/' },
      to: { path: '^(api/(?!contract/)|(projections|scripts|test)/)' },
    },
    {
      name: 'scripts-not-tests',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|bench/tmp|test-results|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
