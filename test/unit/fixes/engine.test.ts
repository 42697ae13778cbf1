// Quick fixes of the engine's own findings (YAML, apiVersion, schema) and of the container checks, and
// "Disable <code> for this line": each applied to a fixture, checked again, compared byte for byte.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionsFor, checkCase, edit, type FixCase } from './harness';
import { VALID_JOB } from './fixtures';

const JOB = VALID_JOB;

const cases: FixCase[] = [
  {
    name: 'an enum value in the wrong case becomes the allowed value',
    text: edit(JOB, '  completions: 3\n', '  completions: 3\n  completionMode: indexed\n'),
    code: 'schema/enum',
    expected: edit(JOB, '  completions: 3\n', '  completions: 3\n  completionMode: Indexed\n'),
  },
  {
    name: 'an enum value can become any other allowed value (built lazily)',
    text: edit(JOB, '  completions: 3\n', '  completions: 3\n  completionMode: indexed\n'),
    code: 'schema/enum',
    title: 'Change to `NonIndexed`',
    expected: edit(JOB, '  completions: 3\n', '  completions: 3\n  completionMode: NonIndexed\n'),
  },
  {
    name: 'a key close to a known field is renamed',
    text: edit(JOB, '  completions: 3\n', '  completions: 3\n  backofLimit: 4\n'),
    code: 'schema/unknown-field',
    expected: edit(JOB, '  completions: 3\n', '  completions: 3\n  backoffLimit: 4\n'),
  },
  {
    name: 'an unknown field can be removed',
    text: edit(JOB, '  completions: 3\n', '  completions: 3\n  retries:\n    max: 4\n'),
    code: 'schema/unknown-field',
    title: 'Remove the field `retries`',
    expected: JOB,
  },
  {
    name: '`name: no` is quoted',
    text: edit(JOB, '- name: pi', '- name: no'),
    code: 'yaml/yaml11-scalar',
    expected: edit(JOB, '- name: pi', '- name: "no"'),
  },
  {
    name: 'an env value `on` is quoted, in the file\'s habit of single quotes',
    text: edit(JOB, '        image: perl:5.34\n', "        image: 'perl:5.34'\n        env:\n        - name: DEBUG\n          value: on\n"),
    code: 'yaml/yaml11-scalar',
    expected: edit(JOB, '        image: perl:5.34\n', "        image: 'perl:5.34'\n        env:\n        - name: DEBUG\n          value: 'on'\n"),
  },
  {
    name: 'quoting a value keeps an aligned trailing comment in its column when there is room',
    text: edit(JOB, '        image: perl:5.34\n', '        image: perl:5.34\n        env:\n        - name: DEBUG\n          value: on      # verbose logs\n'),
    code: 'yaml/yaml11-scalar',
    expected: edit(JOB, '        image: perl:5.34\n', '        image: perl:5.34\n        env:\n        - name: DEBUG\n          value: "on"    # verbose logs\n'),
  },
  {
    name: 'quoting a value: a comment with no room to spare keeps one space before it',
    text: edit(JOB, '        image: perl:5.34\n', '        image: perl:5.34\n        env:\n        - name: DEBUG\n          value: on  # verbose logs\n'),
    code: 'yaml/yaml11-scalar',
    expected: edit(JOB, '        image: perl:5.34\n', '        image: perl:5.34\n        env:\n        - name: DEBUG\n          value: "on" # verbose logs\n'),
  },
  {
    name: 'an env value that is a number is quoted',
    text: edit(JOB, '        image: perl:5.34\n', '        image: perl:5.34\n        env:\n        - name: WORKERS\n          value: 5\n'),
    code: 'schema/type',
    expected: edit(JOB, '        image: perl:5.34\n', '        image: perl:5.34\n        env:\n        - name: WORKERS\n          value: "5"\n'),
  },
  {
    name: 'a number in quotes loses its quotes',
    text: edit(JOB, '  completions: 3\n', '  completions: "3"\n'),
    code: 'schema/type',
    expected: JOB,
  },
  {
    name: 'a Job of batch/v1beta1 becomes batch/v1',
    text: edit(JOB, 'batch/v1\n', 'batch/v1beta1\n'),
    code: 'kind/api-version',
    expected: JOB,
  },
  {
    name: 'a pod spec without containers gets a container skeleton after its last field, its list like the file\'s others',
    text: edit(JOB, '      containers:\n      - name: pi\n        image: perl:5.34\n', '      volumes:\n      - name: data\n        emptyDir: {}\n'),
    code: 'schema/required',
    title: 'Add `containers`',
    expected: edit(JOB, '      containers:\n      - name: pi\n        image: perl:5.34\n',
      '      volumes:\n      - name: data\n        emptyDir: {}\n      containers:\n      - name: main\n        image: busybox:1.36\n'),
  },
  {
    name: 'a Job without a template gets one with restartPolicy: Never and a container',
    text: 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  completions: 3\n',
    code: 'schema/required',
    title: 'Add `template`',
    expected: 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  completions: 3\n  template:\n    spec:\n      restartPolicy: Never\n'
      + '      containers:\n        - name: main\n          image: busybox:1.36\n',
  },
  {
    name: 'a container without a name gets one on its first line, unused by the other containers',
    text: edit(JOB, '      - name: pi\n        image: perl:5.34\n', '      - name: main\n        image: perl:5.34\n      - image: busybox\n'),
    code: 'schema/required',
    title: 'Add `name`',
    expected: edit(JOB, '      - name: pi\n        image: perl:5.34\n', '      - name: main\n        image: perl:5.34\n      - name: main-2\n        image: busybox\n'),
  },
  {
    name: 'a pod failure policy rule without an action gets one',
    text: edit(JOB, '  template:\n', '  podFailurePolicy:\n    rules:\n    - onExitCodes:\n        operator: In\n        values: [42]\n  template:\n'),
    code: 'schema/required',
    title: 'Add `action`',
    expected: edit(JOB, '  template:\n', '  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        operator: In\n        values: [42]\n  template:\n'),
  },
  {
    name: 'a container without an image gets one after its name',
    text: edit(JOB, '        image: perl:5.34\n', '        command: [perl]\n'),
    code: 'pod/container-image-required',
    title: 'Add an image',
    expected: edit(JOB, '        image: perl:5.34\n', '        image: busybox:1.36\n        command: [perl]\n'),
  },
  {
    name: 'an empty flow list of containers gets a container, in flow style',
    text: edit(JOB, '      containers:\n      - name: pi\n        image: perl:5.34\n', '      containers: []\n'),
    code: 'pod/containers-empty',
    title: 'Add a container',
    expected: edit(JOB, '      containers:\n      - name: pi\n        image: perl:5.34\n', '      containers: [{name: main, image: "busybox:1.36"}]\n'),
  },
  {
    name: 'an empty container name gets a placeholder, in its quotes',
    text: edit(JOB, '- name: pi', "- name: ''"),
    code: 'pod/container-name-required',
    title: 'Add a name',
    expected: edit(JOB, '- name: pi', "- name: 'main'"),
  },
  {
    name: 'a repeated container name is renamed to an unused one',
    text: edit(JOB, '        image: perl:5.34\n', '        image: perl:5.34\n      - name: pi\n        image: busybox\n'),
    code: 'pod/container-name-duplicate',
    title: 'Rename to `pi-2`',
    expected: edit(JOB, '        image: perl:5.34\n', '        image: perl:5.34\n      - name: pi-2\n        image: busybox\n'),
  },
  {
    name: 'a container name that is not a DNS label becomes one',
    text: edit(JOB, '- name: pi', '- name: Pi_Calc'),
    code: 'pod/container-name-invalid',
    title: 'Rename to `pi-calc`',
    expected: edit(JOB, '- name: pi', '- name: pi-calc'),
  },
  {
    name: 'an image with spaces around it is trimmed, keeping the quotes',
    text: edit(JOB, 'image: perl:5.34', 'image: " perl:5.34 "'),
    code: 'pod/container-image-whitespace',
    expected: edit(JOB, 'image: perl:5.34', 'image: "perl:5.34"'),
  },
  {
    name: 'a duplicate key: the second one goes',
    text: edit(JOB, '  completions: 3\n', '  completions: 3\n  completions: 4\n'),
    code: 'yaml/duplicate-key',
    title: 'Remove this `completions` (keep the first one)',
    expected: JOB,
  },
  {
    name: 'a duplicate key: or the first one goes',
    text: edit(JOB, '  completions: 3\n', '  completions: 3\n  completions: 4\n'),
    code: 'yaml/duplicate-key',
    title: 'Keep this `completions`, remove the first one',
    expected: edit(JOB, '  completions: 3\n', '  completions: 4\n'),
  },
  {
    name: 'an under-indented continuation line of a quoted string is indented under its key',
    text: edit(JOB, '  name: pi\n', '  name: pi\n  annotations:\n    note: "one\n  two"\n'),
    code: 'yaml/lenient-indentation',
    expected: edit(JOB, '  name: pi\n', '  name: pi\n  annotations:\n    note: "one\n      two"\n'),
  },
  {
    name: 'Disable <code> for this line: the comment goes above the list item, indented like it',
    text: edit(JOB, '- name: pi', '- name: no'),
    code: 'yaml/yaml11-scalar',
    title: 'Disable `yaml/yaml11-scalar` for this line',
    expected: edit(JOB, '      - name: pi', '      # kubeassist-disable-next-line yaml/yaml11-scalar\n      - name: no'),
  },
  {
    name: 'Disable <code> for this line: a code is added to a disable comment already there',
    text: edit(JOB, '  completions: 3\n', '  # kubeassist-disable-next-line schema/type\n  completionMode: indexed\n'),
    code: 'schema/enum',
    title: 'Disable `schema/enum` for this line',
    expected: edit(JOB, '  completions: 3\n', '  # kubeassist-disable-next-line schema/type schema/enum\n  completionMode: indexed\n'),
  },
];

describe('engine and container quick fixes', () => {
  for (const c of cases) it(c.name, () => checkCase(c));

  it('offers the closest enum value first and preferred, then one action per other value, then the disable action', () => {
    const text = edit(JOB, '  template:\n', '  podFailurePolicy:\n    rules:\n    - action: failjob\n      onExitCodes:\n        operator: In\n        values: [42]\n  template:\n');
    const { actions } = actionsFor(text, 'schema/enum');
    assert.deepEqual(actions.map((a) => [a.title, a.isPreferred ?? false]), [
      ['Change to `FailJob`', true],
      ['Change to `FailIndex`', false],
      ['Change to `Ignore`', false],
      ['Change to `Count`', false],
      ['Disable `schema/enum` for this line', false],
    ]);
  });

  it('offers no preferred enum fix when no allowed value is close, and no disable comment inside a multi-line string', () => {
    const text = edit(JOB, '  completions: 3\n', '  completions: 3\n  completionMode: sequential\n');
    assert.deepEqual(actionsFor(text, 'schema/enum').actions.map((a) => [a.title, a.isPreferred ?? false]), [
      ['Change to `NonIndexed`', false],
      ['Change to `Indexed`', false],
      ['Disable `schema/enum` for this line', false],
    ]);
    const lenient = edit(JOB, '  name: pi\n', '  name: pi\n  annotations:\n    note: "one\n  two"\n');
    assert.deepEqual(actionsFor(lenient, 'yaml/lenient-indentation').actions.map((a) => a.title), ['Indent the line under its key']);
  });

  it('does not rename to a field that is already there', () => {
    const text = edit(JOB, '  completions: 3\n', '  completions: 3\n  backoffLimit: 2\n  backofLimit: 4\n');
    assert.deepEqual(actionsFor(text, 'schema/unknown-field').actions.map((a) => a.title), ['Remove the field `backofLimit`', 'Disable `schema/unknown-field` for this line']);
  });
});
