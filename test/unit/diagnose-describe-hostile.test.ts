// kubectl describe reading (diagnose/describe) on input that is not describe output, and on input built to crash
// it or make it hang: a 50 MB text, 1 MB lines, deep nesting, more lines than it reads, lines that make regular
// expressions backtrack, random lines. The reader must answer undefined or read what it can, and say in a note
// what it left out. The real texts: diagnose-describe.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseDescribe, type DescribeParse } from '../../server/src/service/diagnose/describe/index';
import { MAX_LINE, MAX_LINES, MAX_TEXT } from '../../server/src/service/diagnose/describe/text';
import { REPO_ROOT } from '../support/shared';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'observed-real');
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

type Obj = Record<string, any>;

function parse(text: string): DescribeParse {
  const result = parseDescribe(text);
  assert.ok(result, 'the text should be read as kubectl describe output');
  return result;
}
const eventsOf = (r: DescribeParse): Obj[] => (r.objects as Obj[]).filter((o) => o.kind === 'Event');
const first = (r: DescribeParse, kind: string): Obj => {
  const found = (r.objects as Obj[]).find((o) => o.kind === kind);
  assert.ok(found, `a ${kind} should be read`);
  return found;
};

describe('not describe output: undefined', () => {
  const cases: [string, string][] = [
    ['an empty text', ''],
    ['kubectl get job -o yaml', fixture('website-job-pi.get.yaml')],
    ['kubectl get job -o json', JSON.stringify({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi' }, status: { failed: 1 } }, null, 2)],
    ['prose', 'My job failed.\nWhy: no idea.\nPlease help!'],
    ['a binary file', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)).toString('latin1')],
    ['a name and nothing else', 'Name: pi'],
  ];
  for (const [what, text] of cases) {
    it(`returns undefined for ${what}`, () => assert.equal(parseDescribe(text), undefined));
  }
});

describe('hostile input: no crash, no hang, a sentence for what was left out', () => {
  it('reads half a describe (cut in the middle of the pod template) as far as it goes', () => {
    const text = fixture('website-job-pi.describe.txt');
    const result = parse(text.slice(0, text.indexOf('      -Mbignum')));
    const job = first(result, 'Job');
    assert.deepEqual(job.status, { startTime: '2019-12-02T13:20:11Z', completionTime: '2019-12-02T13:21:16Z', active: 0, succeeded: 1, failed: 0 });
    assert.deepEqual(job.spec.template.spec.containers, [{ name: 'pi', image: 'perl:5.34.0', command: ['perl'] }]);
    assert.ok(result.notes.includes('Job default/pi: the text has no Events section (it was cut, or kubectl ran with --show-events=false).'));
  });

  it('reads CRLF line ends and a tab-separated paste as kubectl\'s own spacing', () => {
    const text = fixture('abnormal-end-backoff-indexed.describe.txt');
    assert.deepEqual(parse(text.replace(/\n/g, '\r\n')), parse(text));
    const tabbed = parse('Name:\tpi\nNamespace:\tdefault\nPods Statuses:\t1 Active (1 Ready) / 0 Succeeded / 0 Failed\n');
    assert.deepEqual(first(tabbed, 'Job').status, { active: 1, ready: 1, succeeded: 0, failed: 0 });
  });

  it('reads Events rows a paste moved to the left margin as the rows of the last section', () => {
    const text = fixture('abnormal-end-two-containers.describe.txt');
    const at = text.indexOf('Events:');
    const flattened = text.slice(0, at) + text.slice(at).split('\n').map((line) => line.trimStart()).join('\n');
    const result = parse(flattened);
    assert.deepEqual(eventsOf(result).map((e) => e.reason), ['SuccessfulCreate', 'SuccessfulCreate', 'SuccessfulCreate', 'BackoffLimitExceeded']);
    assert.ok(!result.notes.some((n) => n.includes('not a field this reader knows')), result.notes.join('\n'));
  });

  it('reads a 50 MB text only up to its cap, in bounded time, and says so', () => {
    const one = `${fixture('website-job-pi.describe.txt')}\n\n`;
    const text = one.repeat(Math.ceil(50_000_000 / one.length));
    const started = Date.now();
    const result = parse(text);
    const elapsed = Date.now() - started;
    assert.ok(result.notes[0].startsWith(`Only the first ${MAX_TEXT} characters of the text were read`), result.notes[0]);
    assert.ok(result.objects.length <= (2 * MAX_TEXT) / one.length + 2);
    assert.ok(elapsed < 30_000, `took ${elapsed} ms`);
  });

  it('cuts lines of 1 MB and says so', () => {
    const huge = 'x'.repeat(1_000_000);
    const result = parse(`Name: pi\nNamespace: default\nLabels: a=${huge}\nPods Statuses: 0 Active / 1 Succeeded / 0 Failed\nEvents:\n  Normal  SuccessfulCreate  1s  job-controller  ${huge}\n`);
    assert.ok(result.notes.includes(`2 line(s) longer than ${MAX_LINE} characters were cut to that length.`), result.notes.join('\n'));
    const job = first(result, 'Job');
    assert.equal(job.metadata.labels.a.length, MAX_LINE - 'Labels: a='.length);
    assert.equal(eventsOf(result)[0].reason, 'SuccessfulCreate');
  });

  it('survives a text nested 3,000 levels deep, and more lines than it reads', () => {
    const deep = `Name: a\nPods Statuses: 0 Active / 0 Succeeded / 0 Failed\nPod Template:\n  Containers:\n${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i + 3)}c${i}:`).join('\n')}`;
    assert.equal(first(parse(deep), 'Job').metadata.name, 'a');
    const many = `Name: a\nPods Statuses: 0 Active / 0 Succeeded / 0 Failed\nLabels: a=b\n${'        k=v\n'.repeat(MAX_LINES + 10)}`;
    const result = parse(many);
    assert.ok(result.notes.includes(`Only the first ${MAX_LINES} lines of the text were read; the rest was left out.`));
  });

  it('stays linear on lines built to make regular expressions backtrack', () => {
    const started = Date.now();
    const text = [
      'Name: a',
      'Pods Statuses: 0 Active / 0 Succeeded / 0 Failed',
      `Pod Template:\n  Tolerations:  ${'k='.repeat(8000)}`,
      `  Containers:\n   c:\n    Mounts:\n      ${'a from '.repeat(2000)}`,
      `    Environment:\n      X:  ${'( ('.repeat(5000)}`,
      `Events:\n  ${'Normal '.repeat(2000)}`,
      `${'a a '.repeat(4000)}: b`,
    ].join('\n');
    parse(text);
    assert.ok(Date.now() - started < 5_000);
  });

  it('never throws on random bytes shaped like describe lines', () => {
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const words = ['Name:', 'Events:', 'Pod Template:', '  Containers:', '   c:', '    State:', 'Terminated', '      Exit Code:', '137', 'Type', 'Reason', '(x3 over 2m)', '<invalid>', '...', '\t', ':', '=', 'Labels:', 'a=b', '\r'];
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: random(60) }, () => ' '.repeat(random(8)) + Array.from({ length: random(6) }, () => words[random(words.length)]).join(' ')).join('\n');
      const result = parseDescribe(text);
      if (result !== undefined) assert.ok(Array.isArray(result.objects) && Array.isArray(result.notes));
    }
  });
});
