// `.kubeassist.yaml`: one configuration for the editor and CI. This reads its text (pure: the CLI and the
// language server find and read the file, see server/src/config/) into the values it sets and one clear
// diagnostic per mistake; a mistake never stops checking: the setting it spoils keeps its default.
import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type Scalar } from 'yaml';
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import configSchema from '../../../../schemas/kubeassist-config.schema.json';
import { ruleKeyProblem } from '../codes';
import { keyString } from '../document/paths';
import { LineIndex } from '../document/lines';
import { MAX_NESTING, nestsDeeperThan } from '../document/nesting';
import { SOURCE } from '../features/diagnostics';
import { nearestName } from '../schema/messages';
import { fileSizeLimit, isValidVersion, layerRules, minorOf, ruleSettingOf, type RuleSetting, type Settings } from '../settings';
import { JOBSET_FEATURE_GATES, JOBSET_RELEASE } from '../kube/jobset';
import { DEFAULT_KUBERNETES_VERSION, releaseRangeLabel } from '../types';
import { compileGlob } from './glob';

export const CONFIG_FILE_NAME = '.kubeassist.yaml';

/** What a `.kubeassist.yaml` sets; a key it does not set (or sets wrongly) is absent. */
export interface ConfigValues {
  /** "1.NN". */
  kubernetesVersion?: string;
  rules?: Record<string, RuleSetting>;
  /** Globs relative to the file's folder (see glob.ts). */
  ignore?: string[];
  /** Characters; 0: no limit. */
  maxFileSize?: number;
  /** The relation checks: on or off, and the opt-in hints about undefined names. */
  relations?: { enable?: boolean; undefinedReferences?: boolean };
  /** JobSet: the feature gates the cluster's JobSet controller runs with. */
  jobset?: { featureGates?: Record<string, boolean> };
}

/** The keys of the file, from the JSON Schema we ship (completion and hover read the same). */
export const CONFIG_KEYS = Object.keys(configSchema.properties) as (keyof ConfigValues)[];

const RELEASES = releaseRangeLabel();
const SEVERITIES = '`error`, `warning`, `information` (or `info`), `hint`, or `off`';

/** The values a `.kubeassist.yaml` text sets, and its mistakes as diagnostics on that text. */
export function readConfig(text: string): { values: ConfigValues; diagnostics: Diagnostic[] } {
  const lines = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const report = (code: 'config/syntax' | 'config/invalid' | 'config/unknown-rule', message: string, range: [number, number], path: string): void => {
    const severity = code === 'config/unknown-rule' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error;
    let end = Math.max(range[1], range[0]);
    while (end > range[0] + 1 && /\s/.test(text[end - 1])) end--; // a block node's range takes its line break
    const start = lines.positionAt(range[0]);
    diagnostics.push({ ...Diagnostic.create({ start, end: lines.positionAt(end) }, message, severity, code, SOURCE), data: { path } });
  };
  if (nestsDeeperThan(text)) {
    // `yaml` composes recursively: a file nested thousands of levels deep would exhaust the stack.
    report('config/syntax', `This ${CONFIG_FILE_NAME} nests more than ${MAX_NESTING} levels deep; until it is fixed, KubeAssist checks with its defaults.`, [0, Math.max(1, lines.lineEnd(0))], '');
    return { values: {}, diagnostics };
  }
  const document = parseDocument(text, { prettyErrors: false });
  const error = document.errors[0];
  if (error) {
    const first = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    const start = Math.min(error.pos[0], Math.max(0, text.trimEnd().length - 1));
    const end = Math.min(Math.max(error.pos[1], start + 1), lines.lineEnd(lines.positionAt(start).line) || start + 1);
    report('config/syntax', `This ${CONFIG_FILE_NAME} is not valid YAML: ${first}. Until it is fixed, KubeAssist checks with its defaults.`, [start, end], '');
    return { values: {}, diagnostics };
  }
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === ''))) return { values: {}, diagnostics };
  if (!isMap(contents)) {
    report('config/syntax', `A ${CONFIG_FILE_NAME} is a mapping of settings (${CONFIG_KEYS.map((key) => `\`${key}\``).join(', ')}); this one is not, so KubeAssist checks with its defaults.`, rangeOf(contents), '');
    return { values: {}, diagnostics };
  }
  const values: ConfigValues = {};
  for (const pair of contents.items as Pair<Node, Node | null>[]) {
    const key = keyString(pair.key);
    const keyRange = rangeOf(pair.key);
    if (key === undefined || !(CONFIG_KEYS as string[]).includes(key)) {
      const nearest = key === undefined ? undefined : nearestName(key, CONFIG_KEYS);
      const hint = nearest && nearest.distance <= Math.max(2, Math.floor((key ?? '').length / 3)) ? ` Did you mean \`${nearest.name}\`?` : '';
      report('config/invalid', `\`${key ?? '?'}\` is not a setting of ${CONFIG_FILE_NAME}, so it has no effect.${hint} The settings are ${CONFIG_KEYS.map((name) => `\`${name}\``).join(', ')}.`, keyRange, key ?? '');
      continue;
    }
    const value = pair.value;
    const valueRange = value ? rangeOf(value) : keyRange;
    if (value === null || (isScalar(value) && value.value === null)) {
      report('config/invalid', `\`${key}\` has no value, so it has no effect.`, keyRange, key);
      continue;
    }
    if (key === 'kubernetesVersion') {
      const version = isScalar(value) && (typeof value.value === 'string' || typeof value.value === 'number') ? scalarText(value) : undefined;
      if (version !== undefined && isValidVersion(version)) values.kubernetesVersion = `1.${minorOf(version)}`;
      else report('config/invalid', `${version === undefined ? 'This' : `\`${version}\``} is not a Kubernetes release KubeAssist knows: write one of ${RELEASES} in quotes (\`kubernetesVersion: "${DEFAULT_KUBERNETES_VERSION}"\`). Until then the default release applies.`, valueRange, key);
    } else if (key === 'maxFileSize') {
      if (isScalar(value) && typeof value.value === 'number' && Number.isInteger(value.value) && value.value >= 0) values.maxFileSize = value.value;
      else report('config/invalid', '`maxFileSize` takes a whole number of characters (0: no limit). Until then the default applies.', valueRange, key);
    } else if (key === 'ignore') {
      if (!isSeq(value)) {
        report('config/invalid', '`ignore` takes a list of globs, one per line (`- vendor/`, `- "*.generated.yaml"`). Until then no file is ignored.', valueRange, key);
        continue;
      }
      const globs: string[] = [];
      value.items.forEach((item, index) => {
        const glob = isScalar(item) && typeof item.value === 'string' ? compileGlob(item.value) : { problem: 'a glob is a string' };
        if ('problem' in glob) report('config/invalid', `This \`ignore\` entry is not a glob KubeAssist can read: ${glob.problem}. It ignores nothing until it is fixed.`, rangeOf(item as Node), `ignore[${index}]`);
        else globs.push(glob.pattern);
      });
      values.ignore = globs;
    } else if (key === 'relations') {
      if (!isMap(value)) {
        report('config/invalid', '`relations` takes a mapping: `enable: false` turns the relation checks off, `undefinedReferences: true` adds the hints about names a kustomization or chart does not define. Until then it has no effect.', valueRange, key);
        continue;
      }
      const relations: NonNullable<ConfigValues['relations']> = {};
      for (const entry of value.items as Pair<Node, Node | null>[]) {
        const name = keyString(entry.key);
        if (name !== 'enable' && name !== 'undefinedReferences') {
          report('config/invalid', `\`${name ?? '?'}\` is not a setting of \`relations\` (\`enable\`, \`undefinedReferences\`), so it has no effect.`, rangeOf(entry.key), `relations.${name ?? ''}`);
          continue;
        }
        if (isScalar(entry.value) && typeof entry.value.value === 'boolean') relations[name] = entry.value.value;
        else report('config/invalid', `\`relations.${name}\` takes \`true\` or \`false\`. Until then its default applies.`, entry.value ? rangeOf(entry.value) : rangeOf(entry.key), `relations.${name}`);
      }
      values.relations = relations;
    } else if (key === 'jobset') {
      const featureGates = readJobSetConfig(value, valueRange, report);
      if (featureGates) values.jobset = { featureGates };
    } else if (key === 'rules') {
      if (!isMap(value)) {
        report('config/invalid', `\`rules\` takes a mapping of rule codes (or prefixes ending in \`/\`) to ${SEVERITIES}, one per line (\`schema/enum: warning\`). Until then it has no effect.`, valueRange, key);
        continue;
      }
      const rules: Record<string, RuleSetting> = {};
      for (const rule of value.items as Pair<Node, Node | null>[]) {
        const code = keyString(rule.key);
        if (code === undefined) continue;
        const setting = isScalar(rule.value) ? ruleSettingOf(rule.value.value) : undefined;
        if (!setting) {
          const written = isScalar(rule.value) && rule.value.value !== null ? `\`${scalarText(rule.value)}\` is not a severity` : 'A severity is missing';
          report('config/invalid', `${written}: set \`${code}\` to ${SEVERITIES}. Until then this entry has no effect.`, rule.value && isScalar(rule.value) && rule.value.value !== null ? rangeOf(rule.value) : rangeOf(rule.key), `rules[${code}]`);
          continue;
        }
        const problem = ruleKeyProblem(code);
        if (problem) report('config/unknown-rule', `${capitalize(problem)}; the entry has no effect.`, rangeOf(rule.key), `rules[${code}]`);
        else rules[code] = setting;
      }
      values.rules = rules;
    }
  }
  return { values, diagnostics };
}

/** The settings with a `.kubeassist.yaml`'s values over them: the file wins wherever it speaks. */
export function withConfig(settings: Settings, values: ConfigValues): Settings {
  return {
    ...settings,
    kubernetesVersion: values.kubernetesVersion ?? settings.kubernetesVersion,
    rules: values.rules ? layerRules(settings.rules, values.rules) : settings.rules,
    maxFileSize: values.maxFileSize === undefined ? settings.maxFileSize : fileSizeLimit(values.maxFileSize),
    relations: values.relations ? { ...settings.relations, ...values.relations } : settings.relations,
    ...(values.jobset?.featureGates ? { jobSetFeatureGates: { ...settings.jobSetFeatureGates, ...values.jobset.featureGates } } : {}),
  };
}

/** `jobset: { featureGates: { RestartJob: true } }`: the gates of the cluster's JobSet controller (kube/jobset.ts). */
function readJobSetConfig(value: Node | null | undefined, valueRange: [number, number], report: (code: 'config/invalid', message: string, range: [number, number], path: string) => void): Record<string, boolean> | undefined {
  const gateList = Object.keys(JOBSET_FEATURE_GATES).map((gate) => `\`${gate}\``).join(', ');
  if (!isMap(value)) {
    report('config/invalid', `\`jobset\` takes a mapping: \`featureGates:\` with the JobSet feature gates your cluster turned on (\`RestartJob: true\`). Until then it has no effect.`, valueRange, 'jobset');
    return undefined;
  }
  let gates: Record<string, boolean> | undefined;
  for (const entry of value.items as Pair<Node, Node | null>[]) {
    const name = keyString(entry.key);
    if (name !== 'featureGates') {
      report('config/invalid', `\`${name ?? '?'}\` is not a setting of \`jobset\` (\`featureGates\`), so it has no effect.`, rangeOf(entry.key), `jobset.${name ?? ''}`);
      continue;
    }
    if (!isMap(entry.value)) {
      report('config/invalid', `\`jobset.featureGates\` takes a mapping of JobSet feature gates (${gateList}) to \`true\` or \`false\`. Until then JobSet's defaults apply.`, entry.value ? rangeOf(entry.value) : rangeOf(entry.key), 'jobset.featureGates');
      continue;
    }
    gates = {};
    for (const gate of entry.value.items as Pair<Node, Node | null>[]) {
      const gateName = keyString(gate.key);
      if (gateName === undefined) continue;
      if (!Object.hasOwn(JOBSET_FEATURE_GATES, gateName)) {
        report('config/invalid', `\`${gateName}\` is not a feature gate of JobSet ${JOBSET_RELEASE} (${gateList}), so it has no effect.`, rangeOf(gate.key), `jobset.featureGates.${gateName}`);
        continue;
      }
      if (isScalar(gate.value) && typeof gate.value.value === 'boolean') gates[gateName] = gate.value.value;
      else report('config/invalid', `\`jobset.featureGates.${gateName}\` takes \`true\` or \`false\`. Until then its default applies.`, gate.value ? rangeOf(gate.value) : rangeOf(gate.key), `jobset.featureGates.${gateName}`);
    }
  }
  return gates;
}

/** A scalar as written: `1.30` is the number 1.3 to YAML but the release 1.30 to a person. */
function scalarText(scalar: Scalar): string {
  return typeof scalar.source === 'string' && scalar.source ? scalar.source : String(scalar.value);
}

function rangeOf(node: unknown): [number, number] {
  const range = node && typeof node === 'object' && 'range' in node ? (node as Node).range : undefined;
  return range ? [range[0], range[1]] : [0, 0];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
