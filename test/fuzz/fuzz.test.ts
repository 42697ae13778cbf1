// Bounded fuzzing in the normal suite: a fixed seed and count (well under a minute). Longer runs:
// npm run fuzz -- --count N | --seconds S [--seed N].
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzz } from '../support/fuzz';

describe('fuzzing the server with broken real manifests', () => {
  it('1,500 random edits and requests: no exception, every answer within 1 s and inside the document, still answering', async (t) => {
    const report = await fuzz({ seed: 20260601, count: 1500, progress: (message) => t.diagnostic(message) });
    if (report.note) t.diagnostic(report.note);
    t.diagnostic(`${report.iterations} iterations, ${report.requests} requests in ${report.seconds.toFixed(1)} s, slowest answer ${report.slowestMs.toFixed(0)} ms`);
    assert.deepEqual(report.failures, []);
    assert.equal(report.iterations, 1500);
  });
});
