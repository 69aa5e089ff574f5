// The package arrows (docs/architecture.md, "Boundaries"), checked by `npm run lint`:
//
//   apps/web -> packages/client -> packages/cache-protocol -> packages/nostr
//   packages/client -> packages/wallet -> packages/nostr
//   apps/server -> packages/cache-protocol, packages/wallet, packages/nostr
//   apps/devnet -> apps/server, packages/nostr, packages/wallet
//
// A workspace may import what lies below it on its arrows, never above or beside. Apps do not
// import each other (only the devnet plugs into the server). Tests may also start the real
// server and the devnet (`@swell/server`, `@swell/devnet`), never the web app. e2e/ and bench/
// may import anything. Workspace imports are resolved to files, so an import by package name
// (`@swell/server`) and a relative path into another workspace are both caught.
//
// Inside apps/web/src the arrows are app -> screens -> features -> components -> lib, data,
// i18n, theme: components never import features (nor screens or app), features never import
// app or screens. No module is part of an import cycle (static or lazy `import()`).
//
// The violations that predate these last rules are listed in
// .dependency-cruiser-known-violations.json (`--ignore-known`): lint fails on any new one, and a
// fixed one is dropped from the list with `npm run lint:boundaries -- --baseline`.

const ws = {
  nostr: '^packages/nostr/',
  cacheProtocol: '^packages/cache-protocol/',
  wallet: '^packages/wallet/',
  client: '^packages/client/',
  server: '^apps/server/',
  devnet: '^apps/devnet/',
  web: '^apps/web/',
};
const ours = '^(packages|apps)/';
/** Files that are tests or test helpers (they may use the real server and the devnet). */
const testFile = '(/test/|\\.test\\.[cm]?[jt]sx?$)';

/** `from` may import, of our workspaces, only itself and `allowed`; its tests also `tests`. */
function layer(name, from, allowed, { tests = [] } = {}) {
  const own = [from, ...allowed];
  return [
    {
      name: `${name}-arrows`,
      comment: `${name} imports only ${allowed.length ? allowed.join(', ') : 'itself'} of our workspaces`,
      severity: 'error',
      from: { path: from, pathNot: testFile },
      to: { path: ours, pathNot: own },
    },
    {
      name: `${name}-test-arrows`,
      comment: `tests of ${name} import what its code may${tests.length ? ` and ${tests.join(', ')}` : ''}`,
      severity: 'error',
      from: { path: `${from}.*${testFile}` },
      to: { path: ours, pathNot: [...own, ...tests] },
    },
  ];
}

const harness = [ws.server, ws.devnet];

module.exports = {
  forbidden: [
    ...layer('nostr', ws.nostr, [], { tests: harness }),
    ...layer('cache-protocol', ws.cacheProtocol, [ws.nostr], { tests: harness }),
    ...layer('wallet', ws.wallet, [ws.nostr], { tests: harness }),
    ...layer('client', ws.client, [ws.cacheProtocol, ws.wallet, ws.nostr], { tests: harness }),
    ...layer('server', ws.server, [ws.cacheProtocol, ws.wallet, ws.nostr], { tests: [ws.devnet] }),
    ...layer('devnet', ws.devnet, [ws.server, ws.wallet, ws.nostr], {
      tests: [ws.cacheProtocol],
    }),
    ...layer('web', ws.web, [ws.client, ws.cacheProtocol, ws.wallet, ws.nostr]),
    {
      name: 'packages-without-react',
      comment: 'packages/* know nothing of React; apps/web binds them with small hooks',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: 'node_modules/(react|react-dom|react-router)/' },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles: a module never imports, through others, itself',
      severity: 'error',
      from: { path: ours },
      to: { circular: true },
    },
    {
      name: 'web-components-not-features',
      comment:
        'apps/web components/ are below features/, screens/ and app/: they never import them',
      severity: 'error',
      from: { path: '^apps/web/src/components/' },
      to: { path: '^apps/web/src/(features|screens|app)/' },
    },
    {
      name: 'web-features-not-app',
      comment: 'apps/web features/ are below screens/ and app/: they never import them',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/(screens|app)/' },
    },
    {
      name: 'no-tests-in-code',
      comment: 'code never imports test files or test helpers',
      severity: 'error',
      from: { path: ours, pathNot: testFile },
      to: { path: testFile },
    },
  ],
  options: {
    exclude: { path: '(^|/)(dist|\\.types)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
