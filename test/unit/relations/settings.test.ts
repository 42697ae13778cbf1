// The relation codes are codes like any other: a severity setting, `off`, a disable comment, and the switch
// that turns the whole index off; `.kubeassist.yaml` reads its `relations` key.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, readConfig, withConfig } from '../../../server/src/service/index';
import { normalizeSettings } from '../../../server/src/lsp/configuration';
import { workspace } from '../../support/relationWorkspace';

const FILES = {
  'a/d.yaml': 'apiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata:\n  name: x.example.com\nspec:\n  attachRequired: false\n',
  'a/p.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: b\n  volumes:\n  - name: v\n    csi:\n      driver: x.example.com\n',
};

describe('relation settings', () => {
  it('kubeassist.rules sets a relation code\'s severity, or turns it off, like any code', () => {
    const ws = workspace(FILES);
    assert.equal(ws.relations('a/p.yaml')[0].severity, 2);
    assert.equal(ws.relations('a/p.yaml', { rules: { 'relations/csi-inline-volume-mode': 'error' } })[0].severity, 1);
    assert.deepEqual(ws.relations('a/p.yaml', { rules: { 'relations/': 'off' } }), []);
  });

  it('a disable comment on the line before silences it', () => {
    const files = { ...FILES, 'a/p.yaml': FILES['a/p.yaml'].replace('      driver:', '      # kubeassist-disable-next-line relations/csi-inline-volume-mode\n      driver:') };
    assert.deepEqual(workspace(files).relations('a/p.yaml'), []);
  });

  it('relations.enable false: no relation finding', () => {
    assert.deepEqual(workspace(FILES).relations('a/p.yaml', { relations: { ...DEFAULT_SETTINGS.relations, enable: false } }), []);
  });

  it('the editor settings: kubeassist.relations.{enable, undefinedReferences, exclude}, each kept only when well-formed', () => {
    assert.deepEqual(normalizeSettings({}).relations, { enable: true, undefinedReferences: false, exclude: [] });
    assert.deepEqual(normalizeSettings({ relations: { enable: false, undefinedReferences: true, exclude: ['examples/', 3, ''] } }).relations, { enable: false, undefinedReferences: true, exclude: ['examples/'] });
    assert.deepEqual(normalizeSettings({ relations: 'yes' }).relations, { enable: true, undefinedReferences: false, exclude: [] });
  });

  it('.kubeassist.yaml relations: its values over the editor\'s, and one diagnostic per mistake', () => {
    const read = readConfig('relations:\n  undefinedReferences: true\n');
    assert.deepEqual(read.values, { relations: { undefinedReferences: true } });
    assert.deepEqual(withConfig(DEFAULT_SETTINGS, read.values).relations, { enable: true, undefinedReferences: true, exclude: [] });
    const wrong = readConfig('relations:\n  enable: maybe\n  hints: true\n');
    assert.deepEqual(wrong.diagnostics.map((diagnostic) => `${diagnostic.range.start.line}:${diagnostic.range.start.character} ${diagnostic.code} ${diagnostic.message}`), [
      '1:10 config/invalid `relations.enable` takes `true` or `false`. Until then its default applies.',
      '2:2 config/invalid `hints` is not a setting of `relations` (`enable`, `undefinedReferences`), so it has no effect.',
    ]);
    assert.equal(readConfig('relations: true\n').diagnostics[0].message, '`relations` takes a mapping: `enable: false` turns the relation checks off, `undefinedReferences: true` adds the hints about names a kustomization or chart does not define. Until then it has no effect.');
  });
});
