// Bundles the three front doors with esbuild: the VS Code client, the language server and the CLI.
// The schema validators are compiled here, once, with ajv's standalone code generation, and bundled in
// place of server/src/service/schema/precompiled.ts: the server does not compile schemas at start-up.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default;
const standaloneCode = require('ajv/dist/standalone').default;

function precompiledValidators() {
  // Keep in step with AJV_OPTIONS in server/src/service/schema/validator.ts.
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, code: { source: true } });
  ajv.addSchema(JSON.parse(readFileSync('schemas/job.schema.json', 'utf8')), 'Job');
  ajv.addSchema(JSON.parse(readFileSync('schemas/csidriver.schema.json', 'utf8')), 'CSIDriver');
  const code = standaloneCode(ajv, { Job: 'Job', CSIDriver: 'CSIDriver' });
  return `${code}\nexports.precompiledValidators = { Job: exports.Job, CSIDriver: exports.CSIDriver };\n`;
}

const precompiledPlugin = {
  name: 'precompiled-validators',
  setup(context) {
    context.onLoad({ filter: /schema[\\/]precompiled\.ts$/ }, () => ({ contents: precompiledValidators(), loader: 'js', resolveDir: process.cwd() }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: 'linked',
  minify: process.argv.includes('--minify'),
  logLevel: 'warning',
};

// The language server answers `initialize` before it loads the engine: dist/server.js holds the LSP wiring,
// and the engine (server/src/service/index.ts with yaml, the validators, schemas, rules and catalogue) is
// bundled apart into dist/engine.js. server.ts imports './service/index' as usual; this plugin hands it a
// facade with the same exports, where functions and classes load engine.js on first use and plain data
// (trigger characters, code action kinds) is inlined as JSON read from the engine at build time.
function engineFacade() {
  const path = resolve('dist/engine.js');
  delete require.cache[path];
  const engine = require(path);
  const lines = ["'use strict';", 'let engine;', "const load = () => (engine ??= require('./engine.js'));"];
  lines.push('const forward = (name) => function (...args) { const target = load()[name]; return new.target ? new target(...args) : target.apply(this, args); };');
  for (const [name, value] of Object.entries(engine)) {
    if (typeof value === 'function') lines.push(`exports.${name} = forward(${JSON.stringify(name)});`);
    else if (JSON.stringify(value) !== undefined && isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value)) lines.push(`exports.${name} = ${JSON.stringify(value)};`);
    else throw new Error(`engine export ${name} is neither a function nor JSON data: the lazy facade cannot forward it`);
  }
  return lines.join('\n');
}

const lazyEnginePlugin = {
  name: 'lazy-engine',
  setup(context) {
    const wiring = /server[\\/]src[\\/](server\.ts|lsp[\\/])/;
    context.onResolve({ filter: /^(\.\.?\/)+service\/index$/ }, (args) => (wiring.test(args.importer) ? { path: 'engine', namespace: 'lazy-engine' } : undefined));
    context.onLoad({ filter: /.*/, namespace: 'lazy-engine' }, () => ({ contents: engineFacade(), loader: 'js' }));
  },
};

await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/src/service/index.ts'], outfile: 'dist/engine.js', plugins: [precompiledPlugin] }).then(() =>
    build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js', external: ['./engine.js'], plugins: [lazyEnginePlugin] }),
  ),
  build({ ...common, entryPoints: ['server/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, plugins: [precompiledPlugin] }),
]);
