// The `ignore` globs of `.kubeassist.yaml`, as .gitignore users expect them: relative to the folder of the
// file; `*` and `?` stay within one path segment, `**` spans any number of them, `[abc]` and `{a,b}` choose.
// A pattern without a slash (other than a trailing one) matches a name at any depth (`*.generated.yaml`);
// one with a slash is anchored at the file's folder (`/` at its start says so too); a pattern that matches a
// folder matches everything inside it (`vendor`, `charts/`).
//
// A glob is matched as a set of states moved along the path one character at a time (a Thompson automaton),
// never by backtracking: the time is the path's length times the pattern's, whatever both hold
// (`*a*a*a*a*a*a*a*ab.yaml` against a long name took 31 s as a regular expression).

export interface IgnoreGlob {
  pattern: string;
  /** Whether a path (relative to the configuration file's folder, `/`-separated) is this glob or inside it. */
  matches(path: string): boolean;
}

/** A glob as a tree: characters (each a test), sequences, choices and repetitions. */
type Node =
  | { kind: 'char'; test: (char: string) => boolean }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'star'; item: Node };

const notSlash: Node = { kind: 'char', test: (char) => char !== '/' };
const anyChar: Node = { kind: 'char', test: () => true };
const slash: Node = { kind: 'char', test: (char) => char === '/' };
/** Any number of whole folders: what a `**` segment followed by a slash stands for. */
const FOLDERS: Node = { kind: 'star', item: { kind: 'seq', items: [{ kind: 'star', item: notSlash }, slash] } };

/** A glob compiled, or a sentence saying why it cannot be. */
export function compileGlob(pattern: string): IgnoreGlob | { problem: string } {
  let source = pattern.trim();
  if (!source) return { problem: 'an empty pattern matches nothing' };
  if (source.startsWith('./')) source = source.slice(2);
  const anchored = source.replace(/\/+$/, '').includes('/');
  source = source.replace(/^\/+/, '').replace(/\/+$/, '');
  if (!source) return { problem: `\`${pattern}\` would ignore every file` };
  // Choices nest: `{` opens one, `,` starts its next option, `}` closes it.
  const stack: { options: Node[]; items: Node[] }[] = [{ options: [], items: [] }];
  const push = (node: Node) => stack[stack.length - 1].items.push(node);
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '*') {
      if (source[i + 1] === '*') {
        const whole = (i === 0 || source[i - 1] === '/') && (i + 2 === source.length || source[i + 2] === '/');
        if (!whole) return { problem: `\`**\` must be a whole path segment (\`a/**/b\`), as in \`${pattern}\`` };
        i++;
        if (source[i + 1] === '/') {
          push(FOLDERS);
          i++;
        } else {
          push({ kind: 'star', item: anyChar });
        }
      } else {
        push({ kind: 'star', item: notSlash });
      }
    } else if (char === '?') {
      push(notSlash);
    } else if (char === '[') {
      const end = source.indexOf(']', i + 2);
      if (end === -1) return { problem: `\`[\` opens a character class that does not close in \`${pattern}\`` };
      const body = source.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      // One class of one character: a regular expression cannot backtrack here.
      const characterClass = new RegExp(`^[${negated ? '^' : ''}${(negated ? body.slice(1) : body).replace(/[\\\]]/g, '\\$&')}]$`);
      push({ kind: 'char', test: (candidate) => characterClass.test(candidate) });
      i = end;
    } else if (char === '{') {
      stack.push({ options: [], items: [] });
    } else if (char === '}' && stack.length > 1) {
      const choice = stack.pop()!;
      push({ kind: 'alt', options: [...choice.options, { kind: 'seq', items: choice.items }] });
    } else if (char === ',' && stack.length > 1) {
      const choice = stack[stack.length - 1];
      choice.options.push({ kind: 'seq', items: choice.items });
      choice.items = [];
    } else {
      const literal = char === '\\' && i + 1 < source.length ? source[++i] : char;
      push({ kind: 'char', test: (candidate) => candidate === literal });
    }
  }
  if (stack.length > 1) return { problem: `\`{\` opens a choice that does not close in \`${pattern}\`` };
  // Unanchored: after any folders. A folder pattern covers what is inside: the match may stop at any `/`.
  const inside: Node = { kind: 'alt', options: [{ kind: 'seq', items: [] }, { kind: 'seq', items: [slash, { kind: 'star', item: anyChar }] }] };
  const whole: Node = { kind: 'seq', items: [...(anchored ? [] : [FOLDERS]), ...stack[0].items, inside] };
  const automaton = compile(whole);
  return { pattern, matches: (path) => run(automaton, path) };
}

/** Whether a path (relative to the configuration file's folder, `/`-separated) is ignored. */
export function isIgnored(relativePath: string, globs: readonly IgnoreGlob[]): boolean {
  return globs.some((glob) => glob.matches(relativePath));
}

/** A state: a character test leading on, a fork of two empty moves, or the end. */
type State = { kind: 'char'; test: (char: string) => boolean; next?: State } | { kind: 'split'; next?: State; other?: State } | { kind: 'match' };

interface Automaton {
  start: State;
}

/** Thompson's construction: each node becomes states with one way in and loose ends to tie to what follows. */
function compile(node: Node): Automaton {
  const match: State = { kind: 'match' };
  const build = (current: Node, then: State): State => {
    switch (current.kind) {
      case 'char':
        return { kind: 'char', test: current.test, next: then };
      case 'seq':
        return current.items.reduceRight((next, item) => build(item, next), then);
      case 'alt':
        return current.options.reduceRight<State>((other, option) => ({ kind: 'split', next: build(option, then), other }), { kind: 'split', next: undefined, other: undefined });
      case 'star': {
        const loop: { kind: 'split'; next?: State; other?: State } = { kind: 'split', other: then };
        loop.next = build(current.item, loop);
        return loop;
      }
    }
  };
  return { start: build(node, match) };
}

/** Runs the automaton over the path: the states reachable after each character, each once. */
function run(automaton: Automaton, path: string): boolean {
  let current = closure([automaton.start]);
  for (const char of path) {
    const next: State[] = [];
    for (const state of current) if (state.kind === 'char' && state.test(char) && state.next) next.push(state.next);
    if (next.length === 0) return false;
    current = closure(next);
  }
  return current.some((state) => state.kind === 'match');
}

/** The states reachable from `states` by empty moves, each once. */
function closure(states: State[]): State[] {
  const seen = new Set<State>();
  const out: State[] = [];
  const stack = [...states];
  while (stack.length) {
    const state = stack.pop()!;
    if (seen.has(state)) continue;
    seen.add(state);
    if (state.kind === 'split') {
      if (state.other) stack.push(state.other);
      if (state.next) stack.push(state.next);
    } else {
      out.push(state);
    }
  }
  return out;
}
