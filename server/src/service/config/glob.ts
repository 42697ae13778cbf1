// The `ignore` globs of `.kubeassist.yaml`, as .gitignore users expect them: relative to the folder of the
// file; `*` and `?` stay within one path segment, `**` spans any number of them, `[abc]` and `{a,b}` choose.
// A pattern without a slash (other than a trailing one) matches a name at any depth (`*.generated.yaml`);
// one with a slash is anchored at the file's folder (`/` at its start says so too); a pattern that matches a
// folder matches everything inside it (`vendor`, `charts/`).

export interface IgnoreGlob {
  pattern: string;
  regex: RegExp;
}

/** A glob compiled, or a sentence saying why it cannot be. */
export function compileGlob(pattern: string): IgnoreGlob | { problem: string } {
  let source = pattern.trim();
  if (!source) return { problem: 'an empty pattern matches nothing' };
  if (source.startsWith('./')) source = source.slice(2);
  const anchored = source.replace(/\/+$/, '').includes('/');
  source = source.replace(/^\/+/, '').replace(/\/+$/, '');
  if (!source) return { problem: `\`${pattern}\` would ignore every file` };
  let out = '';
  let braces = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '*') {
      if (source[i + 1] === '*') {
        const whole = (i === 0 || source[i - 1] === '/') && (i + 2 === source.length || source[i + 2] === '/');
        if (!whole) return { problem: `\`**\` must be a whole path segment (\`a/**/b\`), as in \`${pattern}\`` };
        i++;
        if (source[i + 1] === '/') {
          out += '(?:[^/]*/)*';
          i++;
        } else {
          out += '.*';
        }
      } else {
        out += '[^/]*';
      }
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '[') {
      const end = source.indexOf(']', i + 2);
      if (end === -1) return { problem: `\`[\` opens a character class that does not close in \`${pattern}\`` };
      const body = source.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      out += `[${negated ? '^' : ''}${(negated ? body.slice(1) : body).replace(/[\\\]]/g, '\\$&')}]`;
      i = end;
    } else if (char === '{') {
      braces++;
      out += '(?:';
    } else if (char === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (char === ',' && braces > 0) {
      out += '|';
    } else if (char === '\\' && i + 1 < source.length) {
      out += escapeRegex(source[++i]);
    } else {
      out += escapeRegex(char);
    }
  }
  if (braces > 0) return { problem: `\`{\` opens a choice that does not close in \`${pattern}\`` };
  // A folder pattern covers what is inside: the match may stop at any `/` of the path.
  return { pattern, regex: new RegExp(`^${anchored ? '' : '(?:[^/]*/)*'}${out}(?:/.*)?$`) };
}

/** Whether a path (relative to the configuration file's folder, `/`-separated) is ignored. */
export function isIgnored(relativePath: string, globs: readonly IgnoreGlob[]): boolean {
  return globs.some((glob) => glob.regex.test(relativePath));
}

function escapeRegex(char: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(char) ? `\\${char}` : char;
}
