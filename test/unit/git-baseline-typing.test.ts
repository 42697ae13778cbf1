// Typing in a file outside any git repository starts no git process (issue 30: a process started from a server
// holding a big file costs it tens of milliseconds); opening or saving the file asks git again, so a folder that
// became a repository is found then. In a repository, typing still checks HEAD every few seconds.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { GitBaselines, type RunGit } from '../../server/src/lsp/gitBaseline';

const URI = pathToFileURL(join(tmpdir(), 'kubeassist-no-repository', 'job.yaml')).href;

/** A git that answers like one outside (or inside) a repository, counting what it is asked. */
function fakeGit(inside: boolean): { git: RunGit; asked: string[][] } {
  const asked: string[][] = [];
  const git: RunGit = async (_folder, args) => {
    asked.push([...args]);
    if (!inside) throw Object.assign(new Error('fatal: not a git repository (or any of the parent directories): .git'), { stderr: 'fatal: not a git repository (or any of the parent directories): .git' });
    if (args[0] === 'rev-parse' && args[1] === '--show-toplevel') return tmpdir();
    if (args[0] === 'rev-parse') return '';
    return '';
  };
  return { git, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Runs `action` as if `ms` had passed since the last check. */
function later<T>(ms: number, action: () => T): T {
  const now = Date.now;
  Date.now = () => now() + ms;
  try {
    return action();
  } finally {
    Date.now = now;
  }
}

describe('git baselines while typing', () => {
  it('outside a repository, typing asks git nothing more; opening or saving asks again', async () => {
    const { git, asked } = fakeGit(false);
    const baselines = new GitBaselines(() => undefined, () => undefined, () => Infinity, git);
    baselines.refresh(URI); // open
    await settle();
    assert.equal(asked.length, 1);
    later(60_000, () => baselines.refreshIfStale(URI)); // a keystroke a minute later
    await settle();
    assert.equal(asked.length, 1);
    baselines.refresh(URI); // save
    await settle();
    assert.equal(asked.length, 2);
  });

  it('in a repository, typing checks HEAD again once the last check is a few seconds old', async () => {
    const { git, asked } = fakeGit(true);
    const baselines = new GitBaselines(() => undefined, () => undefined, () => Infinity, git);
    baselines.refresh(URI);
    await settle();
    const afterOpen = asked.length;
    baselines.refreshIfStale(URI); // at once: not stale
    await settle();
    assert.equal(asked.length, afterOpen);
    later(60_000, () => baselines.refreshIfStale(URI));
    await settle();
    assert.ok(asked.length > afterOpen, JSON.stringify(asked));
  });
});
