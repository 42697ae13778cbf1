// Bundles the three front doors with esbuild: the VS Code client, the language server and the CLI.
// The schema validators are compiled here, once, with ajv's standalone code generation, and bundled in
// place of server/src/service/schema/precompiled.ts: the server does not compile schemas at start-up.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Script } from 'node:vm';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default;
const standaloneCode = require('ajv/dist/standalone').default;

function precompiledValidators() {
  // Keep in step with AJV_OPTIONS in server/src/service/schema/validator.ts.
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, code: { source: true } });
  const kinds = {
    Job: 'job', CronJob: 'cronjob', CSIDriver: 'csidriver', JobSet: 'jobset', TrainingRuntime: 'trainingruntime', ClusterTrainingRuntime: 'clustertrainingruntime',
  };
  const read = (file) => JSON.parse(readFileSync(`schemas/${file}.schema.json`, 'utf8'));
  // Each schema shares what it has in common with the ones before it (a training runtime with the JobSet).
  const donors = [];
  for (const file of Object.values(kinds)) {
    const schema = read(file);
    ajv.addSchema({ ...sharingDefinitions(schema, donors), $id: schemaId(file) });
    donors.push({ file, schema });
  }
  const code = standaloneCode(ajv, Object.fromEntries(Object.entries(kinds).map(([kind, file]) => [kind, schemaId(file)])));
  const validators = Object.keys(kinds).map((kind) => `${kind}: exports.${kind}`).join(', ');
  return `${code}\nexports.precompiledValidators = { ${validators} };\n`;
}

function schemaId(file) {
  return `https://kubeassist.invalid/schemas/${file}.schema.json`;
}

/**
 * The schema with each definition that an earlier schema has too (the same, and so is every definition it
 * reaches) replaced by a reference to that one: ajv's standalone code then holds one validator for the Pod
 * template that a Job, a CronJob, a JobSet and a training runtime share. The schemas/ files stay whole.
 */
function sharingDefinitions(schema, donors) {
  const own = schema.definitions ?? {};
  const refsOf = (node) => JSON.stringify(node).match(/"#\/definitions\/[^"]+"/g)?.map((ref) => ref.slice(15, -1)) ?? [];
  const definitions = { ...own };
  const shared = new Set();
  for (const donor of donors) {
    const theirs = donor.schema.definitions ?? {};
    // The largest set of definitions equal to the donor's whose references stay inside the set.
    let candidates = new Set(Object.keys(own).filter((name) => !shared.has(name) && theirs[name] !== undefined && isDeepStrictEqual(own[name], theirs[name])));
    for (let changed = true; changed;) {
      changed = false;
      for (const name of candidates) {
        if (refsOf(own[name]).every((ref) => candidates.has(ref) || shared.has(ref))) continue;
        candidates.delete(name);
        changed = true;
      }
    }
    for (const name of candidates) {
      definitions[name] = { $ref: `${schemaId(donor.file)}#/definitions/${name}` };
      shared.add(name);
    }
  }
  return { ...schema, definitions };
}

const precompiledPlugin = {
  name: 'precompiled-validators',
  setup(context) {
    context.onLoad({ filter: /schema[\\/]precompiled\.ts$/ }, () => ({ contents: precompiledValidators(), loader: 'js', resolveDir: process.cwd() }));
  },
};

// The bundles take the yaml library's ES module build (yaml/browser/index.js, the package's `default` export; the same
// source as its CommonJS build for Node, without the process reads below). Bundled as CommonJS, every `yaml.isScalar`,
// `yaml.Scalar` (ours and the library's own, module to module) went through a getter esbuild makes for a CommonJS
// module imported as ESM: 25 ms of a 1,000-document file's open (issue 30); as ES modules they are plain bindings.
// The CommonJS build also read process.env.LOG_TOKENS for every token it parses and process.env.LOG_STREAM for every
// document (debug output we never turn on), a tenth of what `kubeassist check` spent on a repository; the ES build has
// neither. It warns with console.warn where the CommonJS build calls process.emitWarning: both write to stderr.
const yamlModulePlugin = {
  name: 'yaml-es-module',
  setup(context) {
    const entry = join(dirname(createRequire(import.meta.url).resolve('yaml/package.json')), 'browser', 'index.js');
    context.onResolve({ filter: /^yaml$/ }, () => ({ path: entry }));
    context.onLoad({ filter: /[\\/]yaml[\\/]browser[\\/]dist[\\/](parse[\\/]parser|compose[\\/]composer)\.js$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8');
      if (/\bprocess\b/.test(source)) throw new Error(`${path}: the ES module build reads process (did the yaml library change?)`);
      return { contents: source, loader: 'js' };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  // The minified build is the packaged one: it ships no maps, so it names none (no sourceMappingURL comment).
  sourcemap: process.argv.includes('--minify') ? false : 'linked',
  minify: process.argv.includes('--minify'),
  logLevel: 'warning',
};

// The language server answers `initialize` before it loads the engine: dist/server.js holds the LSP wiring,
// and the engine (server/src/service/index.ts with yaml, the validators, schemas, rules and catalogue) is
// bundled apart into dist/engine.js. server.ts imports './service/index' as usual; this plugin hands it a
// facade with the same exports, where functions and classes load engine.js on first use and plain data
// (trigger characters, code action kinds) is inlined as JSON read from the engine at build time.
// The engine is loaded with a V8 code cache (dist/engine.cache, made here after checking the examples), so
// a first open does not compile it again; a Node whose V8 differs (VS Code's own, so the .vsix leaves the
// cache out) rejects it and compiles as usual.
const ENGINE_WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n})'];

// The engine is read as Latin-1, which for ASCII text is the same string made at about twice the speed of
// UTF-8 decoding; and one non-Latin-1 character anywhere (a `…` in a kept comment) made all 4 MB of source a
// two-byte string, slower to read, hash and scan (issue 30: about a tenth of a first open went to reading the
// engine). The other bundles are made ASCII too: Node reads them as UTF-8, into one-byte strings then. esbuild escapes strings but not comments or regular expressions, so the rest is escaped here: in
// a comment, a regular expression without the v flag, a string or a template literal, `\uXXXX` reads as the
// character itself (not in a String.raw template: the build fails if one holds such a character).
function asciiOnly(path) {
  const source = readFileSync(path, 'utf8');
  if (!/[^\x00-\x7f]/.test(source)) return;
  writeFileSync(path, source.replace(/[^\x00-\x7f]/g, (char, offset) => {
    const raw = source.lastIndexOf('String.raw`', offset);
    if (raw !== -1 && source.indexOf('`', raw + 'String.raw`'.length) > offset) throw new Error(`${path}: a non-ASCII character in a String.raw template, which escaping would change`);
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }));
}

function loadEngineForCache(path) {
  asciiOnly(path);
  const script = new Script(ENGINE_WRAPPER[0] + readFileSync(path, 'latin1') + ENGINE_WRAPPER[1], { filename: path });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(path), module, path, dirname(path));
  const engine = module.exports;
  const examples = readdirSync('examples').filter((name) => name.endsWith('.yaml')).map((name) => readFileSync(join('examples', name), 'utf8'));
  // Any engine bug here is the tests' business: the cache is made from whatever ran.
  for (const text of [...examples, examples.join('---\n')]) {
    try {
      warmUp(engine, text);
    } catch {
      // keep going
    }
  }
  writeFileSync(join(dirname(path), 'engine.cache'), script.createCachedData());
  return engine;
}

function warmUp(engine, text) {
  const model = new engine.FileModel();
  engine.validate(model, text, engine.DEFAULT_SETTINGS);
  const lines = text.split('\n');
  for (let line = 0; line < lines.length; line += 3) {
    const position = { line, character: Math.min(lines[line].length, 6) };
    engine.complete(model, text, position, engine.DEFAULT_SETTINGS);
    engine.hover(model, text, position, engine.DEFAULT_SETTINGS);
  }
}

function engineFacade() {
  const engine = loadEngineForCache(resolve('dist/engine.js'));
  // A Node whose V8 is not the build's (VS Code's own) refuses dist/engine.cache: there the server keeps a cache of
  // its own in the folder KUBEASSIST_CODE_CACHE_DIR names (the VS Code client gives its private global storage; no
  // folder, no cache), made once the engine has run a while, named after this engine and that V8.
  const engineId = createHash('sha256').update(readFileSync(resolve('dist/engine.js'))).digest('hex').slice(0, 16);
  const lines = [
    "'use strict';",
    'let engine;',
    'const load = () => (engine ??= loadEngine());',
    `const BUILD_V8 = ${JSON.stringify(process.versions.v8)};`,
    `const ENGINE_ID = ${JSON.stringify(engineId)};`,
    'function loadEngine() {',
    "  const { readFileSync, statSync } = require('fs');",
    "  const { join } = require('path');",
    "  const file = join(__dirname, 'engine.js');",
    // The build's cache on its own V8; on another, which would refuse that one, this process's own (if any folder).
    '  const own = process.versions.v8 !== BUILD_V8;',
    "  const cache = own ? ownCodeCache() : join(__dirname, 'engine.cache');",
    '  let cachedData;',
    // A cache is a few MB: a larger file is not one, and is not read.
    '  try { cachedData = cache === undefined || statSync(cache).size > 64 * 1024 * 1024 ? undefined : readFileSync(cache); } catch { cachedData = undefined; }',
    `  const script = new (require('vm').Script)(${JSON.stringify(ENGINE_WRAPPER[0])} + readFileSync(file, 'latin1') + ${JSON.stringify(ENGINE_WRAPPER[1])}, { filename: file, cachedData });`,
    '  if (own && cache !== undefined && (cachedData === undefined || script.cachedDataRejected)) keepCodeCache(script, cache);',
    '  const module = { exports: {} };',
    "  script.runInThisContext().call(module.exports, module.exports, require('module').createRequire(file), module, file, __dirname);",
    '  return module.exports;',
    '}',
    '/** The file of the code cache this process keeps for its own V8, or undefined without a folder for it. */',
    'function ownCodeCache() {',
    "  const { isAbsolute, join } = require('path');",
    '  const folder = process.env.KUBEASSIST_CODE_CACHE_DIR;',
    "  if (!folder || !isAbsolute(folder)) return undefined;",
    "  return join(folder, `engine-${ENGINE_ID}-${process.versions.v8.replace(/[^\\w.-]/g, '_')}.cache`);",
    '}',
    // After the first checks (the functions they compiled go into the cache), written whole or not at all; the
    // caches of other engines and V8s in that folder (and what a stopped write left) go first, so it holds one.
    '/** Writes the code cache once the engine has run a while (KUBEASSIST_CODE_CACHE_DELAY_MS, default 20 s); never keeps the process alive. */',
    'function keepCodeCache(script, path) {',
    "  const delay = Number(process.env.KUBEASSIST_CODE_CACHE_DELAY_MS) || 20000;",
    '  setTimeout(() => {',
    "    const { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } = require('fs');",
    "    const { basename, dirname, join } = require('path');",
    '    const folder = dirname(path);',
    '    const temporary = `${path}.${process.pid}.tmp`;',
    '    try {',
    '      mkdirSync(folder, { recursive: true, mode: 0o700 });',
    "      for (const name of readdirSync(folder)) if (/^engine-.*\\.cache(\\.\\d+\\.tmp)?$/.test(name) && name !== basename(path)) rmSync(join(folder, name), { force: true });",
    '      writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });',
    '      renameSync(temporary, path);',
    '    } catch {',
    '      rmSync(temporary, { force: true });',
    '    }',
    '  }, delay).unref();',
    '}',
    'const forward = (name) => function (...args) { const target = load()[name]; return new.target ? new target(...args) : target.apply(this, args); };',
  ];
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
    const wiring = /server[\\/]src[\\/](server\.ts|lsp[\\/]|config[\\/]|cli[\\/]|mcp[\\/])/;
    context.onResolve({ filter: /^(\.\.?\/)+service\/index$/ }, (args) => (wiring.test(args.importer) ? { path: 'engine', namespace: 'lazy-engine' } : undefined));
    context.onLoad({ filter: /.*/, namespace: 'lazy-engine' }, () => ({ contents: engineFacade(), loader: 'js' }));
  },
};

await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/src/service/index.ts'], outfile: 'dist/engine.js', plugins: [precompiledPlugin, yamlModulePlugin] }).then(() =>
    Promise.all([
      build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js', banner: { js: '#!/usr/bin/env node' }, external: ['./engine.js'], plugins: [lazyEnginePlugin] }).then(() => asciiOnly('dist/server.js')),
      // `kubeassist mcp` for the extension's MCP server definition: the same engine.js as the language server.
      build({ ...common, entryPoints: ['server/src/mcp/main.ts'], outfile: 'dist/mcp.js', banner: { js: '#!/usr/bin/env node' }, external: ['./engine.js'], plugins: [lazyEnginePlugin] }).then(() => asciiOnly('dist/mcp.js')),
    ]),
  ),
  build({ ...common, entryPoints: ['server/src/cli.ts'], outfile: 'dist/cli-main.js', plugins: [precompiledPlugin, yamlModulePlugin] }).then(() => {
    asciiOnly('dist/cli-main.js');
    cliLoader();
  }),
]);

// `kubeassist` (dist/cli.js) is a loader: it compiles the CLI bundle (dist/cli-main.js, 5 MB) from a V8 code cache
// (dist/cli.cache), as the language server loads its engine (issue 30). Compiling the bundle took 0.25-0.5 s of
// CPU on each start and again in each worker thread of `kubeassist check` (a worker runs dist/cli.js too). The
// cache is made here from a run of `kubeassist check` over the examples, so the functions a check runs are in it;
// a Node whose V8 differs rejects it and compiles as before.
function cliLoader() {
  const wrapper = JSON.stringify(ENGINE_WRAPPER);
  writeFileSync('dist/cli.js', [
    '#!/usr/bin/env node',
    "'use strict';",
    '// The kubeassist command: dist/cli-main.js, compiled from the code cache the build made of it (scripts/build.mjs cliLoader).',
    "const { readFileSync } = require('fs');",
    "const { join } = require('path');",
    "const file = join(__dirname, 'cli-main.js');",
    `const wrapper = ${wrapper};`,
    'let cachedData;',
    "try { cachedData = readFileSync(join(__dirname, 'cli.cache')); } catch { cachedData = undefined; }",
    "const script = new (require('vm').Script)(wrapper[0] + readFileSync(file, 'latin1') + wrapper[1], { filename: file, cachedData });",
    '// The bundle sees this file as its module: it runs as the command (require.main === module) and starts its worker threads from it.',
    'script.runInThisContext().call(module.exports, module.exports, require, module, __filename, __dirname);',
    '',
  ].join('\n'));
  // The cache, from a process that runs the bundle as dist/cli.js would, checks the examples and writes it on exit.
  const maker = [
    "const { readFileSync, writeFileSync } = require('fs');",
    "const { join, resolve } = require('path');",
    "const dist = resolve('dist');",
    "const file = join(dist, 'cli-main.js');",
    `const wrapper = ${wrapper};`,
    "const script = new (require('vm').Script)(wrapper[0] + readFileSync(file, 'latin1') + wrapper[1], { filename: file });",
    "const cli = { exports: {} };",
    'const load = Object.assign((id) => require(id), { main: cli });',
    "process.argv = [process.argv[0], join(dist, 'cli.js'), 'check', '--jobs', '1', '--color', 'never', 'examples'];",
    "process.on('exit', () => writeFileSync(join(dist, 'cli.cache'), script.createCachedData()));",
    "script.runInThisContext().call(cli.exports, cli.exports, load, cli, join(dist, 'cli.js'), dist);",
  ].join('\n');
  const made = spawnSync(process.execPath, ['-e', maker], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (made.status !== 0 && made.status !== 1) throw new Error(`dist/cli.cache: the check over the examples failed (${made.status}): ${made.stderr}`);
}
