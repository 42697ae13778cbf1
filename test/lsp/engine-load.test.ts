// How the front doors load the engine (scripts/build.mjs): every bundle is ASCII, so its source is a one-byte
// string (one `…` in a comment had made the 4 MB engine a two-byte one, slower to read and compile), and the
// engine read as the facade reads it, Latin-1, takes the code cache made at build time (not compiled again).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { Script } from 'node:vm';

const DIST = resolve(__dirname, '../../dist');

describe('the built bundles', () => {
  for (const bundle of ['engine.js', 'server.js', 'mcp.js', 'cli.js', 'extension.js']) {
    it(`dist/${bundle} is ASCII only`, () => {
      const bytes = readFileSync(join(DIST, bundle));
      const at = bytes.findIndex((byte) => byte > 0x7f);
      assert.equal(at, -1, `dist/${bundle} has a non-ASCII byte at ${at}: ${bytes.subarray(Math.max(0, at - 40), at + 10).toString('utf8')}`);
    });
  }

  it('the engine read as Latin-1 takes the code cache made at build time', { skip: existsSync(join(DIST, 'engine.cache')) ? false : 'no dist/engine.cache (a build without it)' }, () => {
    const file = join(DIST, 'engine.js');
    // The wrapper the facade (scripts/build.mjs, engineFacade) puts around the engine.
    const source = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, 'latin1')}\n})`;
    const script = new Script(source, { filename: file, cachedData: readFileSync(join(DIST, 'engine.cache')) });
    assert.equal(script.cachedDataRejected, false);
    assert.equal(source, `(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, 'utf8')}\n})`);
  });
});
