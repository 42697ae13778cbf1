// Source of syntaxes/kubeassist.injection.tmLanguage.json, a TextMate injection grammar for YAML.
// The regular expressions are assembled here from named pieces; the JSON next to this file is what
// VS Code loads. After editing, run `node syntaxes/build-injection-grammar.mjs` to rewrite it;
// scripts/test-grammar.mjs fails when the JSON is not what this file builds.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const GRAMMAR_FILE = fileURLToPath(new URL('./kubeassist.injection.tmLanguage.json', import.meta.url));

const r = String.raw;

// ---- vocabulary -----------------------------------------------------------
const PREFIXED_KEYS =
  r`batch\.kubernetes\.io/(?:job-completion-index|job-index-failure-count|job-index-ignored-failure-count|controller-uid|job-name|job-tracking|cronjob-scheduled-timestamp)` +
  '|' +
  r`csi\.storage\.k8s\.io/(?:pod\.(?:name|namespace|uid)|serviceAccount\.(?:name|tokens)|ephemeral)`;
const LEGACY_KEYS = r`controller-uid|job-name`;
// "is followed by the ':' of a mapping key" (block or flow), optionally after a closing quote
const IS_KEY = r`(?=["']?[ \t]*:(?:[ \t,\]}]|$))`;

// a shell interpreter as one argv item: sh, bash, /bin/sh, /usr/bin/bash, /busybox/sh, "/usr/bin/env bash"
const SHELL = r`(?:/usr/bin/env[ \t]+)?(?:/?(?:[\w.\-]+/)*)?(?:ba|da|a|z|k|mk)?sh`;
// -c, possibly clustered with the usual set options: -ec, -xc, -euxc, -lc, -ce ...
const DASH_C = r`-[aeiklnuvx]*c[aeiklnuvx]*`;
// rest of a line after a complete node: optional comment
const EOL = r`[ \t]*(?:#.*)?$`;
// X as a whole scalar, optionally quoted; g = number of the quote group
const quoted = (x, g) => `(["']?)${x}\\${g}`;
// block scalar header after the dash / colon: | |- >+ |2 ... and an optional comment
const BLOCK_HEADER = r`(?:(\|)|(>))([1-9])?([+-])?([1-9])?(?:[ \t]+((#).*))?[ \t]*$`;
const blockHeaderCaptures = (first) => ({
  [first]: { name: 'keyword.control.flow.block-scalar.literal.yaml' },
  [first + 1]: { name: 'keyword.control.flow.block-scalar.folded.yaml' },
  [first + 2]: { name: 'constant.numeric.indentation-indicator.yaml' },
  [first + 3]: { name: 'storage.modifier.chomping-indicator.yaml' },
  [first + 4]: { name: 'constant.numeric.indentation-indicator.yaml' },
  [first + 5]: { name: 'comment.line.number-sign.yaml' },
  [first + 6]: { name: 'punctuation.definition.comment.yaml' },
});

// While conditions. They must hold whatever part of the indentation the base YAML grammar's own
// while rules have already consumed before ours are checked (VS Code's YAML grammar consumes it,
// the TextMate bundle's does not): the first alternative is the plain ^ test, the others look
// back to the start of the line from wherever the check starts. (?!\z) keeps them from matching
// after the final newline, where ^ would match again. Look-behinds are bounded: an unbounded one
// is tried at every position and makes long lines quadratic.
// - block content: deeper than \1, or blank
const deeperThan = (P) =>
  r`(?!\z)(?:^(?=${P}[ ]|[ \t]*$)|(?<=^${P}[ ])|\G(?<=^${P}[ ]{1,200})|(?=[ \t]*$)(?<=^[ \t]{0,200}))`;
// - a command key at column len(P): deeper lines, items or `args:` at its column, blank or comment
const COMMAND_NEXT = r`(?:[ ]|-(?:[ \t]|$)|args[ \t]*:(?:[ \t]|$))`;
const commandWhile = (P) =>
  r`(?!\z)(?:^(?=${P}${COMMAND_NEXT}|[ \t]*(?:#|$))|(?<=^${P})(?=${COMMAND_NEXT})|\G(?<=^${P}[ ]{1,200})|(?=[ \t]*(?:#|$))(?<=^[ \t]{0,200}))`;

const KEY_SCOPE = 'string.unquoted.plain.out.yaml entity.name.tag.yaml';
const WK = 'support.type.kubernetes.well-known-key.yaml support.constant.kubernetes.well-known-key.yaml';
const DASH_SCOPE = 'punctuation.definition.block.sequence.item.yaml';
const COLON_SCOPE = 'punctuation.separator.key-value.mapping.yaml';

// ---- command: regions -------------------------------------------------------
// two spellings of where the key sits: `command:` (a, first thing on its line) and
// `- command:` (b, first key of a sequence item); P rebuilds the key's column
const variants = [
  // The match starts at the key, not at the line start, so that on the first line of a block
  // scalar the YAML string rule, which starts at column 0, wins and the injection is then
  // excluded by -string.unquoted.block.
  { id: 'a', before: r`(?<=^([ ]{0,200}))`, P: r`\1`, groups: 1 },
  { id: 'b', before: r`(?<=^([ ]{0,200})-([ ]{1,20}))`, P: r`\1 \2`, groups: 2 },
];
const shapes = [
  {
    comment: 'command: with its value on the next lines',
    value: () => r`(?=${EOL})`,
    patterns: [{ include: '#shell-interpreter-item' }],
  },
  {
    comment: 'command: ["sh", "-c"], the script comes in args',
    value: (g) =>
      r`(?=[ \t]*\[[ \t]*${quoted(SHELL, g + 1)}[ \t]*,[ \t]*${quoted(DASH_C, g + 2)}[ \t]*\]${EOL})`,
    patterns: [{ include: '#shell-script-item' }],
  },
  {
    comment: 'command: ["bash"], -c and the script come in args',
    value: (g) => r`(?=[ \t]*\[[ \t]*${quoted(SHELL, g + 1)}[ \t]*\]${EOL})`,
    patterns: [{ include: '#dash-c-item' }],
  },
];
const commandRules = [];
for (const shape of shapes) {
  for (const v of variants) {
    const keyGroup = v.groups + 1;
    const colonGroup = v.groups + 2;
    commandRules.push({
      comment: `${shape.comment} (${v.id === 'a' ? 'key first on its line' : 'key after "- "'})`,
      begin: `(?!\\A)${v.before}(command)[ \\t]*(:)${shape.value(colonGroup)}`,
      beginCaptures: { [keyGroup]: { name: KEY_SCOPE }, [colonGroup]: { name: COLON_SCOPE } },
      while: commandWhile(v.P),
      patterns: [...shape.patterns, { include: '#yaml' }],
    });
  }
}

// ---- grammar ----------------------------------------------------------------
export function buildInjectionGrammar() {
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'KubeAssist YAML injection',
    scopeName: 'kubeassist.yaml.injection',
    injectionSelector: 'L:source.yaml -comment -string.unquoted.block -meta.embedded.block.shell',
    patterns: [{ include: '#command' }, { include: '#well-known-key' }],
    repository: {
      command: {
        comment: [
          'Shell embedding. TextMate sees one line at a time, so context is carried by nested begin/while',
          'regions: `command:` (block sequence, or flow ["sh"] / ["sh", "-c"]) -> a shell item (sh, bash,',
          '/bin/sh, ...) -> a -c item (-c, -ec, ...) -> a block-scalar item (`- |`, `- >-` ...) embedded as',
          'source.shell. The command region lasts while lines are deeper than the key, are items or `args:`',
          'at its column, or are blank/comments; its lines are tokenized by #yaml, a YAML subset, so that it',
          'works the same over either YAML grammar (VS Code\'s or the TextMate bundle\'s). The embedded region',
          'ends at the first non-blank line indented at or left of its dash and pops whatever shell construct',
          'is still open (unclosed quote, heredoc), so it cannot swallow the rest of the file.',
          'Limits: args must directly follow command; inline scripts (["sh","-c","..."], `- echo ...`),',
          'args without command, python -c and other interpreters, quoted `"command":` keys, tab',
          'indentation, indentation past 200 columns and a `command:` on the first line of the file are not',
          'handled; a `command:` line inside a multi-line quoted string is taken for a key. The script keeps',
          'its YAML indentation, so shell constructs anchored to column 0 (heredoc terminators) do not end',
          'before the script does.',
        ].join(' '),
        patterns: commandRules,
      },
      'shell-interpreter-item': {
        comment: '`- sh` / `- /bin/bash` item: from here on a -c item switches to the script state',
        begin: r`(?:^|\G)[ ]*(-)(?=[ \t]+${quoted(SHELL, 2)}${EOL})`,
        beginCaptures: { 1: { name: DASH_SCOPE } },
        while: r`\G`,
        patterns: [{ include: '#dash-c-item' }, { include: '#yaml' }],
      },
      'dash-c-item': {
        comment: '`- -c` item: from here on a block-scalar item is a shell script',
        begin: r`(?:^|\G)[ ]*(-)(?=[ \t]+${quoted(DASH_C, 2)}${EOL})`,
        beginCaptures: { 1: { name: DASH_SCOPE } },
        while: r`\G`,
        patterns: [{ include: '#shell-script-item' }, { include: '#yaml' }],
      },
      'shell-script-item': {
        comment: '`- |` item holding a shell script; ends when indentation returns to the dash',
        begin: r`(?:^([ ]*)|\G[ ]*(?<=^([ ]*)))(-)[ \t]+${BLOCK_HEADER}`,
        beginCaptures: { 3: { name: DASH_SCOPE }, ...blockHeaderCaptures(4) },
        while: deeperThan(r`\1\2`),
        contentName: 'meta.embedded.block.shell source.shell',
        patterns: [{ include: '#shell-indented-statement' }, { include: 'source.shell' }],
      },
      'shell-indented-statement': {
        comment: [
          'A command at the start of a script line. The shell grammar recognises one only at column 0 or',
          'after ; & | ( etc.; when the YAML grammar has already consumed part of the indentation (VS Code)',
          'the script line starts after a space, so start the statement here; keywords (if, for, ...),',
          'assignments and the rest are left to the shell grammar.',
        ].join(' '),
        begin: r`(?!^)\G[ \t]*(?=[^\s#;&|()<>{}\[\]!=])(?!(?:if|then|else|elif|fi|for|while|until|do|done|case|esac|in|select|function|time|coproc|\[\[|\(\()(?:[\s;]|$))(?![\w]+=)`,
        end: r`(?=[\n;&|)` + '`' + r`]|[ \t]+#)(?<!\\)`,
        name: 'meta.statement.shell',
        patterns: [{ include: 'source.shell#typical_statements' }],
      },
      yaml: {
        comment: 'The YAML that can follow command: / args: (lists of scalars), tokenized like the YAML grammar does',
        patterns: [
          { include: '#yaml-comment' },
          { include: '#yaml-block-scalar' },
          { include: '#yaml-key' },
          { include: '#yaml-item' },
          { include: '#yaml-flow-sequence' },
          { include: '#yaml-flow-mapping' },
          { include: '#yaml-double' },
          { include: '#yaml-single' },
          { include: '#yaml-plain' },
        ],
      },
      'yaml-comment': {
        match: r`(?:^|(?<=[ \t]))(#).*$`,
        name: 'comment.line.number-sign.yaml',
        captures: { 1: { name: 'punctuation.definition.comment.yaml' } },
      },
      'yaml-block-scalar': {
        comment: 'a block scalar that is not a shell script: `- |`, `key: >-` ...',
        begin: r`(?<=[ \t])(?=[|>][1-9+-]*(?:[ \t]+#.*)?[ \t]*$)(?<=^([ ]*)[^#]*?)${BLOCK_HEADER}`,
        beginCaptures: blockHeaderCaptures(2),
        while: deeperThan(r`\1`),
        contentName: 'string.unquoted.block.yaml',
      },
      'yaml-key': {
        match: r`(?:^|\G)[ ]*(?:(-)[ ]+)?([^\s#'"\[\]{},:&*!|>%@` + '`' + r`-](?:[^\s:]|:(?=\S)|[ \t]+(?=[^\s#:]))*)[ \t]*(:)(?=[ \t]|$)`,
        captures: { 1: { name: DASH_SCOPE }, 2: { name: KEY_SCOPE }, 3: { name: COLON_SCOPE } },
      },
      'yaml-item': {
        match: r`(?:^|\G)[ ]*(-)(?=[ \t]|$)`,
        captures: { 1: { name: DASH_SCOPE } },
      },
      'yaml-flow-sequence': {
        begin: r`\[`,
        beginCaptures: { 0: { name: 'punctuation.definition.sequence.begin.yaml' } },
        end: r`\]`,
        endCaptures: { 0: { name: 'punctuation.definition.sequence.end.yaml' } },
        name: 'meta.flow-sequence.yaml',
        patterns: [{ include: '#yaml-flow-content' }],
      },
      'yaml-flow-mapping': {
        begin: r`\{`,
        beginCaptures: { 0: { name: 'punctuation.definition.mapping.begin.yaml' } },
        end: r`\}`,
        endCaptures: { 0: { name: 'punctuation.definition.mapping.end.yaml' } },
        name: 'meta.flow-mapping.yaml',
        patterns: [{ include: '#yaml-flow-content' }],
      },
      'yaml-flow-content': {
        patterns: [
          { include: '#yaml-comment' },
          { match: ',', name: 'punctuation.separator.sequence.yaml' },
          { match: r`:(?=[ \t,\]}]|$)`, name: COLON_SCOPE },
          { include: '#yaml-flow-sequence' },
          { include: '#yaml-flow-mapping' },
          { include: '#yaml-double' },
          { include: '#yaml-single' },
          {
            match: r`(?:[^\s#,\[\]{}'":&*!|>%@` + '`' + r`-]|[-:](?=[^\s,\[\]{}]))(?:[^\s,\[\]{}:]|:(?=[^\s,\[\]{}])|[ \t]+(?=[^\s#,\[\]{}:]))*`,
            name: 'string.unquoted.plain.in.yaml',
            captures: { 0: { patterns: [{ include: '#well-known-key' }] } },
          },
        ],
      },
      'yaml-double': {
        begin: '"',
        beginCaptures: { 0: { name: 'punctuation.definition.string.begin.yaml' } },
        end: '"',
        endCaptures: { 0: { name: 'punctuation.definition.string.end.yaml' } },
        name: 'string.quoted.double.yaml',
        patterns: [{ match: r`\\.`, name: 'constant.character.escape.yaml' }],
      },
      'yaml-single': {
        begin: "'",
        beginCaptures: { 0: { name: 'punctuation.definition.string.begin.yaml' } },
        end: "'(?!')",
        endCaptures: { 0: { name: 'punctuation.definition.string.end.yaml' } },
        name: 'string.quoted.single.yaml',
        patterns: [{ match: "''", name: 'constant.character.escape.single-quoted.yaml' }],
      },
      'yaml-plain': {
        match: r`(?:[^\s#,\[\]{}'":&*!|>%@` + '`' + r`-]|[-?:](?=\S))(?:[^ \t\n]|[ \t]+(?=[^ \t\n#]))*`,
        name: 'string.unquoted.plain.out.yaml',
        captures: { 0: { patterns: [{ include: '#well-known-key' }] } },
      },
      'well-known-key': {
        patterns: [
          {
            comment: 'batch.kubernetes.io/* and csi.storage.k8s.io/* as a mapping key',
            match: r`(?!\A)(?<![\w.\-/])(?:${PREFIXED_KEYS})(?![\w.\-/])${IS_KEY}`,
            name: `entity.name.tag.yaml ${WK}`,
          },
          {
            comment: 'batch.kubernetes.io/* and csi.storage.k8s.io/* in a value, a string or a fieldPath',
            match: r`(?!\A)(?<![\w.\-/])(?:${PREFIXED_KEYS})(?![\w.\-/])`,
            name: WK,
          },
          {
            comment: 'legacy controller-uid / job-name labels: only as a mapping key (plain or quoted)',
            match: r`(?!\A)(?:(?<=^|[ \t{,\[])|(?<=(?:^|[ \t{,\[])["']))(?:${LEGACY_KEYS})${IS_KEY}`,
            name: `entity.name.tag.yaml ${WK}`,
          },
        ],
      },
    },
  };
}

export function renderInjectionGrammar() {
  return JSON.stringify(buildInjectionGrammar(), null, 2) + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GRAMMAR_FILE, renderInjectionGrammar());
  console.log(`wrote ${GRAMMAR_FILE}`);
}
