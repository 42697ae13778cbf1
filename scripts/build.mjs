// Bundles the three front doors with esbuild: the VS Code client, the language server and the CLI.
// The schema validators are compiled here, once, with ajv's standalone code generation, and bundled in
// place of server/src/service/schema/precompiled.ts: the server does not compile schemas at start-up.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js', plugins: [precompiledPlugin] }),
  build({ ...common, entryPoints: ['server/src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, plugins: [precompiledPlugin] }),
]);
