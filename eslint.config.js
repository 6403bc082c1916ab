// Lint focused on bugs the type checker does not catch: promises nobody awaits or handles,
// promises passed where a callback's result is ignored, and awaits of non-promises.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', '.data/', 'scratch/', '**/generated/**', 'coverage/', '**/*.js', '**/*.mjs'] },
  {
    files: ['**/*.ts', 'web/**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // The React apps (web/admin, web/storefront): the rules of hooks, complete effect dependencies,
  // and the React Compiler's checks (eslint-plugin-react-hooks' recommended set).
  {
    files: ['web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  // The layering (docs/architecture.md): each folder imports only what is below it.
  ...layer(['platform/**/*.ts'], 'platform/ is the bottom layer: it imports nothing above it (subgraphs, adapters, gateway, notifications, sandboxes, app).', [
    ABOVE('subgraphs|adapters|gateway|notifications|sandboxes|app'),
  ]),
  ...layer(['adapters/*/**/*.ts'], 'An adapter imports only the kit (adapters/kit), contracts/ and the HTTP client (platform/http-client).', [
    ABOVE('subgraphs|gateway|notifications|sandboxes|app'),
    { regex: String.raw`^(\.\./)+platform/(?!http-client/)`, message: 'An adapter takes what it needs of the platform from adapters/kit/platform.ts.' },
    { regex: String.raw`^\.\./(?!kit/|\.\./)[^/]+/`, message: 'An adapter does not import another adapter.' },
  ], ['adapters/kit/**']),
  ...layer(['adapters/kit/**/*.ts'], 'The kit sits on the platform (and contracts/); it imports no gateway, app, sandbox or notification code.', [
    ABOVE('gateway|notifications|sandboxes|app'),
  ]),
  ...layer(['sandboxes/**/*.ts'], 'Sandboxes stand in for external systems: they import no adapter, subgraph, gateway or app code.', [
    ABOVE('subgraphs|adapters|gateway|app'),
  ]),
  ...layer(['subgraphs/**/*.ts'], 'Subgraphs never import the gateway or the composition root.', [ABOVE('gateway|app')]),
  ...layer(['notifications/**/*.ts'], 'The notification service never imports the gateway or the composition root.', [ABOVE('gateway|app')]),
  // The web apps (docs/storefront-sdk.md): the checkout client (web/checkout-client) is below the
  // storefronts built on it; its core is framework-free; a storefront talks to the platform and the
  // providers' frontends only through it.
  ...layer(['web/checkout-client/**/*.ts', 'web/checkout-client/**/*.tsx'], 'The checkout client imports no app (web/storefront, web/checkout-example, web/admin): the apps are built on it.', [CLIENT_IMPORTS_NO_APP()], ['web/checkout-client/core/**']),
  ...layer(['web/checkout-client/core/**/*.ts'], "The checkout client's core is framework-free: React and its bindings live in web/checkout-client/react.", [
    CLIENT_IMPORTS_NO_APP(),
    { regex: String.raw`^(react|react-dom)(/|$)|^@apollo/client/react|^(\.\./)+react/` },
  ]),
  ...layer(['web/storefront/src/**/*.ts', 'web/storefront/src/**/*.tsx', 'web/checkout-example/src/**/*.ts', 'web/checkout-example/src/**/*.tsx'], 'A storefront talks to the platform and the providers only through the checkout client (web/checkout-client/core, web/checkout-client/react).', [
    { regex: '^(@apollo/client|graphql-ws|graphql-tag|graphql)(/|$)' },
  ]),
  {
    // contracts/ is shared by the platform and every adapter: it imports nothing outside itself
    // (no package, no platform/), so either side can depend on it without pulling the other in.
    files: ['contracts/**/*.ts'],
    ignores: ['contracts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./)', message: 'contracts/ imports only its own files (./…).' }] }],
    },
  },
);

/** An import of the checkout client reaching into one of the apps built on it. */
function CLIENT_IMPORTS_NO_APP() {
  return { regex: String.raw`^(\.\./)+(storefront|checkout-example|admin)(/|$)`, message: 'The checkout client imports no app (web/storefront, web/checkout-example, web/admin): the apps are built on it.' };
}

/** An import reaching up (any number of ../) into one of the named top-level folders. */
function ABOVE(folders) {
  return { regex: String.raw`^(\.\./)+(${folders})(/|$)`, message: undefined };
}

/** One layer's rule; tests beside the code may import anything (as test/ does). */
function layer(files, message, patterns, ignores = []) {
  return [
    {
      files,
      ignores: ['**/*.test.ts', ...ignores],
      rules: { 'no-restricted-imports': ['error', { patterns: patterns.map((pattern) => ({ regex: pattern.regex, message: pattern.message ?? message })) }] },
    },
  ];
}
