// A throwaway git repository in the temp folder, built by a test: commits of files, the way a user's history
// has them. Git runs without the user's global configuration (no signing, a fixed identity and date).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The environment git runs in for tests: none of the caller's GIT_* variables or global settings. */
export function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  return {
    ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com', GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  };
}

export class GitRepo {
  private constructor(readonly root: string) {}

  /** A new repository with no commit yet, in a fresh temp folder. */
  static create(prefix = 'kubeassist-git-'): GitRepo {
    const root = mkdtempSync(join(tmpdir(), prefix));
    const repo = new GitRepo(root);
    repo.git('init', '--quiet', '--initial-branch=main');
    return repo;
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.root, env: gitEnvironment(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** Writes files (paths relative to the root) without committing them. */
  write(files: Record<string, string>): void {
    for (const [path, text] of Object.entries(files)) {
      const file = join(this.root, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  }

  /** Writes the files and commits them; returns the commit id. */
  commit(files: Record<string, string>, message = 'change'): string {
    this.write(files);
    this.git('add', '--', ...Object.keys(files));
    this.git('commit', '--quiet', '--no-gpg-sign', '-m', message);
    return this.git('rev-parse', 'HEAD').trim();
  }

  path(file: string): string {
    return join(this.root, file);
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
