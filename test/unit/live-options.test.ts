// The command line of `kubeassist diagnose --live`: what it takes out of the diagnose options, and the one-line
// usage problems.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDuration, parseLiveTarget, takeLiveOptions } from '../../server/src/cli/live';

describe('kubeassist diagnose --live: options', () => {
  it('job/NAME and cronjob/NAME, in the spellings kubectl takes', () => {
    assert.deepEqual(parseLiveTarget('job/pi'), { kind: 'job', name: 'pi' });
    assert.deepEqual(parseLiveTarget('jobs.batch/pi'), { kind: 'job', name: 'pi' });
    assert.deepEqual(parseLiveTarget('cj/nightly'), { kind: 'cronjob', name: 'nightly' });
    assert.equal(parseLiveTarget('pod/pi-x'), '--live takes job/NAME or cronjob/NAME, not "pod/pi-x"');
    assert.equal(parseLiveTarget('pi'), '--live takes job/NAME or cronjob/NAME, not "pi"');
    assert.equal(parseLiveTarget('job/Pi_1'), '"Pi_1" is not a Kubernetes object name (lowercase letters, digits, \'-\' and \'.\')');
  });

  it('takes the live options out and leaves the diagnose options', () => {
    assert.deepEqual(takeLiveOptions(['--live', 'job/pi', '-n', 'batch', '--context=kind', '--format', 'json', '--kubeconfig', 'staging.kubeconfig', '--request-timeout=500ms', '--max-pods', '20', '--now', '2026-12-07T00:00:00Z']), {
      live: { target: { kind: 'job', name: 'pi', namespace: 'batch', context: 'kind' }, kubeconfig: 'staging.kubeconfig', timeoutMs: 500, maxPods: 20 },
      rest: ['--format', 'json', '--now', '2026-12-07T00:00:00Z'],
    });
    assert.deepEqual(takeLiveOptions(['a.yaml', '--format', 'text']), { rest: ['a.yaml', '--format', 'text'] });
  });

  it('says what is wrong in one line', () => {
    assert.equal(takeLiveOptions(['-n', 'batch', 'a.yaml']).problem, '-n goes with --live job/NAME or cronjob/NAME');
    assert.equal(takeLiveOptions(['--live']).problem, '--live needs a value');
    assert.equal(takeLiveOptions(['--live', 'job/pi', '--context']).problem, '--context needs a value');
    assert.equal(takeLiveOptions(['--live', 'job/pi', '-n', 'Batch']).problem, '"Batch" is not a namespace name');
    assert.equal(takeLiveOptions(['--live', 'job/pi', '--request-timeout', 'soon']).problem, '--request-timeout takes a duration such as 10s, 500ms or 1m, not "soon"');
    assert.equal(takeLiveOptions(['--live', 'job/pi', '--max-pods', '0']).problem, '--max-pods takes a positive whole number, not "0"');
  });

  it('durations', () => {
    assert.deepEqual(['10s', '500ms', '1m', '2', '0', 'x'].map(parseDuration), [10_000, 500, 60_000, 2000, undefined, undefined]);
  });
});
