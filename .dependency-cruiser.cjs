// The layers of KubeAssist, bottom to top, and the import rules that keep them standing on each other
// (ARCHITECTURE.md, first screen). `npm run lint:layers` checks them; `npm test` runs it first.
// A layer may import the layers listed below it (lower level), and itself; never a peer of its own level,
// never one above. Type-only imports count. A file of server/src/service in no layer is an error too.
const service = '^server/src/service/';
const notFix = '(?!.*\\.fix\\.ts$)';

/** level, name, the files (one regex), what a newcomer puts there. */
const LAYERS = [
  [0, 'types', `${service}types\\.ts$`],
  [1, 'settings', `${service}settings\\.ts$`],
  [2, 'document', `${service}document/`],
  [2, 'kube', `${service}kube/`],
  [3, 'workspace', `${service}workspace/`],
  [3, 'schema', `${service}schema/`],
  [4, 'catalogue', `${service}catalogue/`],
  [4, 'partial', `${service}partial/`],
  [5, 'rules', `${service}rules/${notFix}`],
  [5, 'behaviour', `${service}behaviour/${notFix}`],
  [6, 'update', `${service}update/${notFix}`],
  [6, 'diagnose', `${service}diagnose/${notFix}`],
  [7, 'relations', `${service}relations/${notFix}`],
  [8, 'fix-contract', `${service}fixes/(types|common)\\.ts$`],
  [9, 'fixes', `${service}(?!fixes/(families|registry)\\.ts$).*\\.fix\\.ts$`],
  [10, 'assembly', `${service}(codes\\.ts|fixes/(families|registry)\\.ts)$`],
  [11, 'features', `${service}features/`],
  [12, 'config', `${service}config/`],
  [13, 'facade', `${service}index\\.ts$`],
  [13, 'host', '^server/src/host/'],
  [14, 'config-files', '^server/src/config/'],
  [15, 'front-doors', '^server/src/(lsp|cli|mcp)/'],
  [16, 'entry-points', '^server/src/[^/]+\\.ts$'],
  [17, 'client', '^client/src/'],
];

const union = (paths) => (paths.length ? `(${paths.join('|')})` : '(?!)');

const layerRules = LAYERS.map(([level, name, path]) => {
  const allowed = LAYERS.filter(([other, otherName]) => other < level || otherName === name);
  const refused = LAYERS.filter(([other, otherName]) => !(other < level || otherName === name));
  return {
    name: `layer-${name}`,
    comment: `${name} may import only: ${allowed.map(([, n]) => n).join(', ')}`,
    severity: 'error',
    from: { path },
    to: { path: union(refused.map(([, , p]) => p)) },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circle, type-only imports included: layers import downwards only',
      severity: 'error',
      from: { path: '^(server|client)/src/' },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'rule-never-imports-its-fix',
      comment: 'A rule (or any engine file below the fixes) never imports a *.fix.ts: fixes are bound to codes in fixes/families.ts',
      severity: 'error',
      from: { path: `${service}(?!fixes/).*`, pathNot: '\\.fix\\.ts$' },
      to: { path: '\\.fix\\.ts$' },
    },
    {
      name: 'front-doors-through-the-facade',
      comment: 'The LSP wiring and the CLI reach the engine through service/index.ts (and the shared settings and types)',
      severity: 'error',
      from: { path: '^server/src/(lsp/|cli/|mcp/|config/|[^/]+\\.ts$)' },
      to: { path: `${service}(?!(index|settings|types)\\.ts$)` },
    },
    {
      name: 'client-only-protocol',
      comment: 'The VS Code client shares only the protocol messages with the server',
      severity: 'error',
      from: { path: '^client/src/' },
      to: { path: '^server/src/', pathNot: '^server/src/lsp/protocol\\.ts$' },
    },
    {
      name: 'in-a-layer',
      comment: 'Every file of server/src/service belongs to a layer: add a new folder to LAYERS in .dependency-cruiser.cjs and ARCHITECTURE.md',
      severity: 'error',
      from: { path: service, pathNot: union(LAYERS.map(([, , p]) => p)) },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(server|client)/src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
// For the tests (test/unit/layers.test.ts); not a dependency-cruiser option.
Object.defineProperty(module.exports, 'LAYERS', { value: LAYERS, enumerable: false });
