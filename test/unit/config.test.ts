// `.kubeassist.yaml` in the engine: what a text sets, one clear diagnostic per mistake (never a throw, the rest
// still applies), how it layers over the editor's settings, its ignore globs, and completion and hover in it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import configSchema from '../../schemas/kubeassist-config.schema.json';
import { ConfigFiles } from '../../server/src/config/configFiles';
import { compileGlob, isIgnored, type IgnoreGlob } from '../../server/src/service/config/glob';
import { CONFIG_KEYS } from '../../server/src/service/config/kubeassistConfig';
import { completeConfig, DEFAULT_SETTINGS, hoverConfig, readConfig, withConfig } from '../../server/src/service/index';
import { layerRules, type RuleSetting } from '../../server/src/service/settings';
import { MAX_MINOR, MIN_MINOR } from '../../server/src/service/types';
import { withCursor } from '../support/lspClient';

const problems = (text: string) =>
  readConfig(text).diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.severity === 1 ? 'error' : 'warning'} ${d.code} ${d.message}`);

describe('.kubeassist.yaml: reading', () => {
  it('reads every setting; an unquoted 1.30 is the release 1.30, not the number 1.3', () => {
    const { values, diagnostics } = readConfig('kubernetesVersion: 1.30\nrules:\n  schema/enum: warning\n  job/: info\n  schema/type: off\nignore:\n  - vendor/\n  - "*.generated.yaml"\nmaxFileSize: 0\n');
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(values, {
      kubernetesVersion: '1.30',
      rules: { 'schema/enum': 'warning', 'job/': 'information', 'schema/type': 'off' },
      ignore: ['vendor/', '*.generated.yaml'],
      maxFileSize: 0,
    });
    assert.deepEqual(readConfig('kubernetesVersion: "v1.29.3"\n').values, { kubernetesVersion: '1.29' });
  });

  it('an empty file, or only comments, sets nothing and says nothing', () => {
    for (const text of ['', '# team defaults come later\n', '---\n']) assert.deepEqual(readConfig(text), { values: {}, diagnostics: [] }, JSON.stringify(text));
  });

  it('a file that is not YAML is one diagnostic on the line of the mistake, and sets nothing', () => {
    assert.deepEqual(problems('kubernetesVersion: "1.30"\nrules: [schema/enum\n'), [
      '1:18-1:19 error config/syntax This .kubeassist.yaml is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]. Until it is fixed, KubeAssist checks with its defaults.',
    ]);
    assert.deepEqual(readConfig('kubernetesVersion: "1.30"\nrules: [schema/enum\n').values, {});
    assert.deepEqual(problems('- rules\n'), [
      '0:0-0:7 error config/syntax A .kubeassist.yaml is a mapping of settings (`kubernetesVersion`, `rules`, `ignore`, `maxFileSize`, `relations`, `jobset`); this one is not, so KubeAssist checks with its defaults.',
    ]);
  });

  it('each mistake is one diagnostic where it is written; the well-formed settings still apply', () => {
    const text = 'kubernetesVersion: "1.99"\nkubernetsVersion: "1.30"\nmaxFileSize: -1\nrules:\n  schema/enum: loud\n  schema/enums: warning\n  schema/type: warning\nignore:\n  - "[abc"\n  - vendor/\n';
    assert.deepEqual(problems(text), [
      `0:19-0:25 error config/invalid \`1.99\` is not a Kubernetes release KubeAssist knows: write one of 1.${MIN_MINOR} to 1.37 and 1.38 (pre-release) in quotes (\`kubernetesVersion: "1.37"\`). Until then the default release applies.`,
      '1:0-1:16 error config/invalid `kubernetsVersion` is not a setting of .kubeassist.yaml, so it has no effect. Did you mean `kubernetesVersion`? The settings are `kubernetesVersion`, `rules`, `ignore`, `maxFileSize`, `relations`, `jobset`.',
      '2:13-2:15 error config/invalid `maxFileSize` takes a whole number of characters (0: no limit). Until then the default applies.',
      '4:15-4:19 error config/invalid `loud` is not a severity: set `schema/enum` to `error`, `warning`, `information` (or `info`), `hint`, or `off`. Until then this entry has no effect.',
      '5:2-5:14 warning config/unknown-rule `schema/enums` matches no rule code (did you mean `schema/enum`?); the entry has no effect.',
      '8:4-8:10 error config/invalid This `ignore` entry is not a glob KubeAssist can read: `[` opens a character class that does not close in `[abc`. It ignores nothing until it is fixed.',
    ]);
    assert.deepEqual(readConfig(text).values, { rules: { 'schema/type': 'warning' }, ignore: ['vendor/'] });
  });

  it('settings of the wrong shape say what they take', () => {
    assert.deepEqual(problems('rules: warning\nignore: vendor/\nkubernetesVersion:\n'), [
      '0:7-0:14 error config/invalid `rules` takes a mapping of rule codes (or prefixes ending in `/`) to `error`, `warning`, `information` (or `info`), `hint`, or `off`, one per line (`schema/enum: warning`). Until then it has no effect.',
      '1:8-1:15 error config/invalid `ignore` takes a list of globs, one per line (`- vendor/`, `- "*.generated.yaml"`). Until then no file is ignored.',
      '2:0-2:17 error config/invalid `kubernetesVersion` has no value, so it has no effect.',
    ]);
  });

  it('hostile text gives a diagnostic, never a throw', () => {
    for (const text of ['\u0000\u0001binary', 'a: &a [*a]\n', '{{ .Values.x }}\n', 'x'.repeat(100_000), ': : :\n', '? [a]\n: b\n']) {
      assert.doesNotThrow(() => readConfig(text), JSON.stringify(text.slice(0, 20)));
    }
  });

  it('the keys it reads are the JSON Schema\'s keys', () => {
    assert.deepEqual([...CONFIG_KEYS].sort(), Object.keys(configSchema.properties).sort());
    assert.equal(configSchema.additionalProperties, false);
  });
});

describe('.kubeassist.yaml over the editor settings', () => {
  it('the file wins wherever it speaks; the editor settings apply where it is silent', () => {
    const editor = { ...DEFAULT_SETTINGS, kubernetesVersion: '1.31', rules: { 'schema/enum': 'off' as const, 'job/': 'hint' as const }, maxFileSize: 100 };
    assert.deepEqual(withConfig(editor, { kubernetesVersion: '1.29', rules: { 'schema/': 'warning' } }), {
      ...editor,
      kubernetesVersion: '1.29',
      rules: { 'job/': 'hint', 'schema/': 'warning' },
      maxFileSize: 100,
    });
    assert.deepEqual(withConfig(editor, {}), editor);
    assert.equal(withConfig(editor, { maxFileSize: 0 }).maxFileSize, Infinity, '0: no limit');
  });

  it('layering drops every lower key the upper layer covers, by code or by prefix', () => {
    // A key named like an Object.prototype member is a key like any other.
    const editor: Record<string, RuleSetting> = { 'schema/enum': 'off', 'schema/type': 'hint', 'job/numbers/': 'off', 'job/': 'hint', ...(JSON.parse('{"constructor":"off"}') as Record<string, RuleSetting>) };
    assert.deepEqual(layerRules(editor, { 'schema/': 'warning', 'job/numbers/negative-parallelism': 'error' }), {
      'job/numbers/': 'off',
      'job/': 'hint',
      constructor: 'off',
      'schema/': 'warning',
      'job/numbers/negative-parallelism': 'error',
    });
  });
});

describe('ignore globs', () => {
  const globs = (...patterns: string[]): IgnoreGlob[] => patterns.map((pattern) => {
    const glob = compileGlob(pattern);
    if ('problem' in glob) throw new Error(glob.problem);
    return glob;
  });

  it('a name without a slash matches at any depth; a folder covers what is inside it', () => {
    const ignore = globs('*.generated.yaml', 'vendor/');
    assert.ok(isIgnored('a.generated.yaml', ignore));
    assert.ok(isIgnored('deep/er/a.generated.yaml', ignore));
    assert.ok(isIgnored('vendor/job.yaml', ignore));
    assert.ok(isIgnored('third/vendor/x/job.yaml', ignore));
    assert.ok(!isIgnored('generated.yaml', ignore));
    assert.ok(!isIgnored('vendors/job.yaml', ignore));
  });

  it('a slash anchors a pattern at the file\'s folder; ** spans folders; classes and choices', () => {
    const ignore = globs('/charts', 'deploy/**/test-*.yaml', 'jobs/[ab]?.y{a,}ml');
    assert.ok(isIgnored('charts/a/b.yaml', ignore));
    assert.ok(!isIgnored('sub/charts/b.yaml', ignore));
    assert.ok(isIgnored('deploy/test-1.yaml', ignore));
    assert.ok(isIgnored('deploy/x/y/test-1.yaml', ignore));
    assert.ok(!isIgnored('other/deploy/test-1.yaml', ignore));
    assert.ok(isIgnored('jobs/a1.yml', ignore));
    assert.ok(isIgnored('jobs/b2.yaml', ignore));
    assert.ok(!isIgnored('jobs/c1.yaml', ignore));
  });

  it('matches in linear time: *a*a*a*a*a*a*a*ab.yaml against long names of a (a backtracking regular expression took 31 s)', { timeout: 60_000 }, () => {
    const ignore = globs('*a*a*a*a*a*a*a*ab.yaml');
    assert.ok(!isIgnored(`${'a'.repeat(5000)}.yaml`, ignore));
    assert.ok(!isIgnored(`deep/${'a'.repeat(5000)}c.yaml`, ignore));
    assert.ok(isIgnored(`deep/${'a'.repeat(5000)}b.yaml`, ignore));
    assert.ok(!isIgnored('aaaaaaab.yaml', ignore), 'seven a are too few');
    assert.ok(isIgnored('aaaaaaaab.yaml', ignore));
  });

  it('nested choices, classes, escapes and ** as the whole pattern', () => {
    const ignore = globs('{jobs,cron{,jobs}}/[!x]?.yaml', 'a\\*b.yaml', 'vendor/**');
    assert.ok(isIgnored('jobs/ab.yaml', ignore));
    assert.ok(isIgnored('cron/ab.yaml', ignore));
    assert.ok(isIgnored('cronjobs/ab.yaml', ignore));
    assert.ok(!isIgnored('cronjob/ab.yaml', ignore));
    assert.ok(!isIgnored('jobs/xb.yaml', ignore));
    assert.ok(isIgnored('a*b.yaml', ignore));
    assert.ok(!isIgnored('axb.yaml', ignore));
    assert.ok(isIgnored('vendor/x/y.yaml', ignore));
  });

  it('patterns that cannot work say why', () => {
    assert.deepEqual(['', '/', 'a**b', '{a,b', '[ab'].map((pattern) => (compileGlob(pattern) as { problem: string }).problem), [
      'an empty pattern matches nothing',
      '`/` would ignore every file',
      '`**` must be a whole path segment (`a/**/b`), as in `a**b`',
      '`{` opens a choice that does not close in `{a,b`',
      '`[` opens a character class that does not close in `[ab`',
    ]);
  });
});

describe('finding .kubeassist.yaml', () => {
  const root = mkdtempSync(join(tmpdir(), 'kubeassist-config-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('the nearest one above a file applies, like .editorconfig; none above: none', () => {
    mkdirSync(join(root, 'repo', 'team', 'jobs'), { recursive: true });
    writeFileSync(join(root, 'repo', '.kubeassist.yaml'), 'kubernetesVersion: "1.30"\n');
    writeFileSync(join(root, 'repo', 'team', '.kubeassist.yaml'), 'kubernetesVersion: "1.28"\nignore: [jobs/old-*.yaml]\n');
    const files = new ConfigFiles();
    assert.equal(files.forFile(join(root, 'repo', 'job.yaml'))?.values.kubernetesVersion, '1.30');
    const team = files.forFile(join(root, 'repo', 'team', 'jobs', 'job.yaml'));
    assert.equal(team?.values.kubernetesVersion, '1.28');
    assert.ok(files.ignores(team, join(root, 'repo', 'team', 'jobs', 'old-1.yaml')));
    assert.ok(!files.ignores(team, join(root, 'repo', 'team', 'jobs', 'new-1.yaml')));
    assert.ok(!files.ignores(team, join(root, 'repo', 'jobs', 'old-1.yaml')), 'a file outside its folder');
    assert.equal(files.forFile(join(root, 'elsewhere.yaml')), undefined);
  });

  it('keeps what it read until told to forget, and says when a file it read has changed', () => {
    mkdirSync(join(root, 'watch'), { recursive: true });
    const file = join(root, 'watch', '.kubeassist.yaml');
    writeFileSync(file, 'kubernetesVersion: "1.30"\n');
    const files = new ConfigFiles();
    assert.equal(files.forFile(join(root, 'watch', 'a.yaml'))?.values.kubernetesVersion, '1.30');
    writeFileSync(file, 'kubernetesVersion: "1.31"\nmaxFileSize: 10\n');
    assert.equal(files.changed(), true);
    assert.equal(files.forFile(join(root, 'watch', 'a.yaml'))?.values.kubernetesVersion, '1.30', 'kept');
    files.forget();
    assert.equal(files.forFile(join(root, 'watch', 'a.yaml'))?.values.kubernetesVersion, '1.31');
    assert.equal(files.changed(), false);
  });
});

describe('completion and hover in .kubeassist.yaml', () => {
  const labels = (marked: string) => {
    const { text, position } = withCursor(marked);
    return completeConfig(text, position).items.map((item) => item.label);
  };

  it('offers the keys not yet written, each with what it takes', () => {
    assert.deepEqual(labels('rules:\n  schema/enum: off\n|'), ['kubernetesVersion', 'ignore', 'maxFileSize', 'relations', 'jobset']);
    const { text, position } = withCursor('kube|');
    const [item] = completeConfig(text, position).items;
    assert.equal(item.label, 'kubernetesVersion');
    assert.deepEqual(item.textEdit, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } }, newText: 'kubernetesVersion: ' });
  });

  it('offers the releases we know, newest first and quoted, after kubernetesVersion:', () => {
    const releases = labels('kubernetesVersion: |');
    assert.equal(releases[0], `"1.${MAX_MINOR}"`);
    assert.equal(releases[releases.length - 1], `"1.${MIN_MINOR}"`);
    assert.equal(releases.length, MAX_MINOR - MIN_MINOR + 1);
  });

  it('offers rule codes and prefixes under rules:, and severities as their values', () => {
    const codes = labels('rules:\n  schema/enum: off\n  sch|');
    assert.ok(codes.includes('schema/type'));
    assert.ok(codes.includes('schema/'));
    assert.ok(codes.includes('job/pod-failure-policy/'));
    assert.ok(!codes.includes('schema/enum'), 'already written');
    assert.deepEqual(labels('rules:\n  schema/enum: |'), ['error', 'warning', 'information', 'hint', 'off']);
  });

  it('hover explains a key from the schema, and a rule code from the code table', () => {
    const hover = (marked: string) => {
      const { text, position } = withCursor(marked);
      const result = hoverConfig(text, position);
      return result && typeof result.contents === 'object' && 'value' in result.contents ? result.contents.value : null;
    };
    assert.match(hover('max|FileSize: 0\n') ?? '', /^\*\*maxFileSize\*\* \(\.kubeassist\.yaml\)\n\nCharacters of a file that get checked \(0: no limit; default 5000000\)/);
    assert.equal(hover('rules:\n  schema/en|um: off\n'), '**schema/enum** (error by default)\n\nA value outside the allowed set (case-sensitive)\n\nMirrors: NotSupported checks');
    assert.equal(hover('rules:\n  schema/enum: o|ff\n'), null);
  });
});

describe('.kubeassist.yaml: jobset.featureGates', () => {
  it('reads the JobSet gates a cluster turned on, and layers them over the editor\'s gate by gate', () => {
    const { values, diagnostics } = readConfig('jobset:\n  featureGates:\n    RestartJob: true\n    InPlaceRestart: false\n');
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(values, { jobset: { featureGates: { RestartJob: true, InPlaceRestart: false } } });
    const layered = withConfig({ ...DEFAULT_SETTINGS, jobSetFeatureGates: { InPlaceRestart: true, ElasticJobSet: true } }, values);
    assert.deepEqual(layered.jobSetFeatureGates, { InPlaceRestart: false, ElasticJobSet: true, RestartJob: true });
    assert.equal(withConfig(DEFAULT_SETTINGS, {}).jobSetFeatureGates, undefined);
  });

  it('says which gate or value it cannot use; the others still apply', () => {
    assert.deepEqual(problems('jobset:\n  featureGates:\n    RestartJobs: true\n    InPlaceRestart: yes please\n    RestartJob: true\n  gates: {}\n'), [
      '2:4-2:15 error config/invalid `RestartJobs` is not a feature gate of JobSet v0.12.0 (`InPlaceRestart`, `TLSOptions`, `RestartJob`, `ElasticJobSet`), so it has no effect.',
      '3:20-3:30 error config/invalid `jobset.featureGates.InPlaceRestart` takes `true` or `false`. Until then its default applies.',
      '5:2-5:7 error config/invalid `gates` is not a setting of `jobset` (`featureGates`), so it has no effect.',
    ]);
    assert.deepEqual(readConfig('jobset:\n  featureGates:\n    RestartJobs: true\n    RestartJob: true\n').values, { jobset: { featureGates: { RestartJob: true } } });
    assert.deepEqual(problems('jobset: true\n'), ['0:8-0:12 error config/invalid `jobset` takes a mapping: `featureGates:` with the JobSet feature gates your cluster turned on (`RestartJob: true`). Until then it has no effect.']);
  });
});
