// validateJobSpec's success policy block, validateSuccessPolicy and validateSuccessPolicyRule.
import { jobManifest, runCases } from './job-cases';

const S = 'job/success-policy';
const RULE = 'spec.successPolicy.rules[0]';
/** An Indexed Job (5 completions unless said otherwise) whose success policy has the given rules. */
const withRules = (rules: string, completions = 5) => jobManifest({
  spec: `completionMode: Indexed\ncompletions: ${completions}\nsuccessPolicy:\n  rules:\n${rules.split('\n').map((line) => `  ${line}`).join('\n')}`,
});
const indexes = (value: string, completions?: number) => withRules(`- succeededIndexes: ${JSON.stringify(value)}`, completions);
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

runCases([
  { name: 'a valid policy is accepted', yaml: withRules('- succeededIndexes: "0,2-4"\n  succeededCount: 2\n- succeededCount: 5'), expected: [] },
  { name: 'a success policy on a NonIndexed Job is refused, and its rules are not examined',
    yaml: jobManifest({ spec: 'completions: 5\nsuccessPolicy:\n  rules:\n  - {}' }),
    expected: [[`${S}/requires-indexed`, 'spec.successPolicy']], words: ['completionMode: Indexed'] },
  { name: 'an empty list of rules is refused', yaml: jobManifest({ spec: 'completionMode: Indexed\ncompletions: 5\nsuccessPolicy:\n  rules: []' }),
    expected: [[`${S}/rules-required`, 'spec.successPolicy.rules']], words: ['at least one rule'] },
  { name: '20 rules are accepted', yaml: withRules(range(20).map(() => '- succeededCount: 1').join('\n')), expected: [] },
  { name: '21 rules are refused', yaml: withRules(range(21).map(() => '- succeededCount: 1').join('\n')),
    expected: [[`${S}/too-many-rules`, 'spec.successPolicy.rules']], words: ['21 rules'] },
  { name: 'a rule with neither field is refused, on the whole rule', yaml: withRules('- {}'),
    expected: [[`${S}/rule-needs-indexes-or-count`, RULE, 'error', 'entry']], words: ['succeededIndexes', 'succeededCount'] },
  { name: '65536 characters of indexes are accepted', yaml: indexes('0'.repeat(65536)), expected: [] },
  { name: '65537 characters of indexes are refused', yaml: indexes('0'.repeat(65537)),
    expected: [[`${S}/succeeded-indexes-too-long`, `${RULE}.succeededIndexes`]], words: ['65537', 'at most 65536'] },
  { name: 'ranges and a leading + are read as the server reads them', yaml: indexes('+0,2-3,004'), expected: [] },
  ...([
    ['an interval with two dashes', '1-2-3', 'more than one'],
    ['a word', 'a', 'not a decimal index'],
    ['a space after a comma', '1, 2', 'not a decimal index'],
    ['a negative index', '-1', 'empty index'],
    ['an index equal to completions', '5', 'not below `completions` (5)'],
    ['an interval whose ends are equal', '3-3', 'lower than the last'],
    ['a decreasing interval', '3-1', 'lower than the last'],
    ['a repeated index', '1,1', '1 comes after 1'],
    ['overlapping intervals', '1-3,2', '2 comes after 3'],
    ['a trailing comma', '1,', 'empty entry'],
  ] as const).map(([what, value, reason]) => ({
    name: `${what} is refused (${value})`, yaml: indexes(value),
    expected: [[`${S}/invalid-succeeded-indexes`, `${RULE}.succeededIndexes`]] as const, words: [reason, '0,2-4,7'],
  })),
  { name: 'the last index below completions is accepted', yaml: indexes('4'), expected: [] },
  { name: 'an empty succeededIndexes is accepted but never met: a warning', yaml: indexes(''),
    expected: [[`${S}/empty-succeeded-indexes`, `${RULE}.succeededIndexes`, 'warning']], words: ['never met'] },
  { name: 'a negative succeededCount is refused', yaml: withRules('- succeededCount: -1'),
    expected: [[`${S}/negative-succeeded-count`, `${RULE}.succeededCount`]] },
  { name: 'succeededCount 0 is accepted but met at once: a warning', yaml: withRules('- succeededCount: 0'),
    expected: [[`${S}/zero-succeeded-count`, `${RULE}.succeededCount`, 'warning']], words: ['before any index has succeeded', 'positive'] },
  { name: 'succeededCount equal to completions is accepted', yaml: withRules('- succeededCount: 5'), expected: [] },
  { name: 'succeededCount above completions is refused', yaml: withRules('- succeededCount: 6'),
    expected: [[`${S}/succeeded-count-above-completions`, `${RULE}.succeededCount`]], words: ['only 5 indexes'] },
  { name: 'succeededCount equal to the listed indexes is accepted', yaml: withRules('- succeededIndexes: "0,3"\n  succeededCount: 2'), expected: [] },
  { name: 'succeededCount above the listed indexes is refused', yaml: withRules('- succeededIndexes: "0,3"\n  succeededCount: 3'),
    expected: [[`${S}/succeeded-count-above-indexes`, `${RULE}.succeededCount`]], words: ['lists only 2 indexes'] },
  { name: 'above completions and the listed indexes, only the tighter bound is reported', yaml: withRules('- succeededIndexes: "1"\n  succeededCount: 9'),
    expected: [[`${S}/succeeded-count-above-indexes`, `${RULE}.succeededCount`]] },
  { name: 'with an empty succeededIndexes any positive count is refused, and there is no extra warning',
    yaml: withRules('- succeededIndexes: ""\n  succeededCount: 1'), expected: [[`${S}/succeeded-count-above-indexes`, `${RULE}.succeededCount`]] },
  { name: 'with malformed indexes the count is not compared with them', yaml: withRules('- succeededIndexes: "x"\n  succeededCount: 1'),
    expected: [[`${S}/invalid-succeeded-indexes`, `${RULE}.succeededIndexes`]] },
  { name: 'without completions only the missing completions is reported',
    yaml: jobManifest({ spec: 'completionMode: Indexed\nparallelism: 2\nsuccessPolicy:\n  rules:\n  - succeededIndexes: "9"\n    succeededCount: 9' }),
    expected: [['job/completion-mode/indexed-requires-completions', 'spec.completions']] },
  { name: 'a 1.30 server drops the field (gate off)', minor: 30, yaml: withRules('- {}'), expected: [] },
  { name: 'a 1.31 server checks it', minor: 31, yaml: withRules('- {}'), expected: [[`${S}/rule-needs-indexes-or-count`, RULE, 'error', 'entry']] },
]);
