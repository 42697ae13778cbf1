// The refusal check's shortcuts (document/kubectlJson.ts) against the full conversion: a document of another
// kind is checked without making its JSON (refuseAsKubectl), and a text with `&` or `*` is converted once
// watching names (acceptedWithoutAliases) before anchor names are looked for. Both must refuse exactly where,
// and with what, the conversion refuses; the checks' JSON taken over from the refusal check must be the JSON
// toServerJson makes.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { acceptedWithoutAliases, badAnchorName, KubectlRefusal, kubectlJson, refuseAsKubectl } from '../../server/src/service/document/kubectlJson';
import { claimServerJson, parseKubectlYaml, toServerJson } from '../../server/src/service/document/kubectlYaml';
import { REPO_ROOT } from '../support/shared';
import { mutateManifest, random } from '../support/yamlMutations';

/** What kubectl says of a text: `ok`, or the refusal's reason, message and range. */
function outcome(read: () => unknown): string {
  try {
    read();
    return 'ok';
  } catch (error) {
    if (!(error instanceof KubectlRefusal)) throw error;
    return `${error.reason} ${error.start}-${error.end}: ${error.message}`;
  }
}

/** The refusal check as it was before the shortcuts: anchor names first, then the whole conversion. */
function fullCheck(text: string): string {
  const document = parseKubectlYaml(text);
  return outcome(() => {
    const badName = badAnchorName(document, text);
    if (badName) throw badName;
    kubectlJson(document);
  });
}

const EDGE_CASES = [
  'a: .inf', 'a: .inf\na: 1', 'a: 1\na: -.Inf', 'a: .nan\nb: [1, .inf]', '~: 1', 'null: 1', "'null': 1", ': 1',
  '18446744073709551615: 1', '9223372036854775807: 1', '-1: x', '1.5: x', 'true: 1', '0x10: a', 'a: !!int x', 'a: !!float 1', 'a: !!float .inf',
  'a: !!binary "!!"', 'a: !!bool yes', 'a: !!str .inf', 'a: !foo .inf', 'a: "x"\n"": 1', '<<: {a: 1}\nb: 2', '<<: [{a: 1}, {b: .inf}]\nb: 1',
  '<<: 1', 'x: {<<: {y: .nan}, y: 2}', 'x: {y: 2, <<: {y: .nan}}', 'a: [b: .inf]', 'a: [b: .inf, c]', '- a\n- .nan', '.inf',
  'a: &x 1\nb: *x', 'a: &x.y 1', 'a: *nope', 'a: &x {b: *x}', 'a: &x [1]\n<<: *x', 'schedule: "*/5 * * * *"\ncommand: [sh, -c, "a && b"]',
  'a: &ok 1\nb: &bad.name 2', 'a: "*/5"\nb: .inf', 'a: "&x"\n~: 1',
];

/** Manifests of this repository (no ../shared needed), each document alone. */
function fixtureTexts(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ya?ml$/.test(name)) files.push(path);
    }
  };
  walk(join(REPO_ROOT, 'test', 'fixtures'));
  walk(join(REPO_ROOT, 'examples'));
  return files.sort().map((file) => readFileSync(file, 'utf8'));
}

/** The edge cases, the fixtures' documents and mutants of them (anchors, aliases, merge keys, tags, odd keys...), where `yaml` reads them. */
function cases(): string[] {
  const next = random(20);
  const fixtures = fixtureTexts();
  const texts = [...EDGE_CASES];
  for (const fixture of fixtures) texts.push(...fixture.split(/^---.*$/m));
  for (let i = 0; i < 800; i++) texts.push(...mutateManifest(fixtures[i % fixtures.length], next).text.split(/^---.*$/m));
  return texts.filter((text) => !parseKubectlYaml(text).errors.some((error) => error.code !== 'DUPLICATE_KEY'));
}

describe('the refusal check refuses where the conversion refuses', () => {
  const texts = cases();

  it('without making the JSON of a document no check reads (refuseAsKubectl)', () => {
    let refused = 0;
    for (const text of texts) {
      const full = outcome(() => kubectlJson(parseKubectlYaml(text)));
      if (full !== 'ok') refused++;
      assert.equal(outcome(() => refuseAsKubectl(parseKubectlYaml(text))), full, text);
    }
    assert.ok(refused >= 30, `only ${refused} refused documents among ${texts.length}: the cases no longer test refusals`);
  });

  it('converting once watching names before looking for them (acceptedWithoutAliases), JSON kept or not', () => {
    for (const text of texts) {
      const full = fullCheck(text);
      for (const keep of [true, false]) {
        const document = parseKubectlYaml(text);
        if (acceptedWithoutAliases(document, keep)) assert.equal(full, 'ok', text);
      }
      // Where it cannot tell, the names and the conversion decide as before.
    }
  });

  it('hands the checks the JSON toServerJson makes (claimServerJson)', () => {
    for (const text of texts) {
      const document = parseKubectlYaml(text);
      const expected = outcome(() => toServerJson(parseKubectlYaml(text)));
      if (expected !== 'ok') continue;
      outcome(() => kubectlJson(document)); // the refusal check keeps the document's JSON
      assert.deepEqual(claimServerJson(document), toServerJson(parseKubectlYaml(text)), text);
      assert.deepEqual(claimServerJson(document), toServerJson(parseKubectlYaml(text)), `${text} (claimed twice)`);
    }
  });
});
