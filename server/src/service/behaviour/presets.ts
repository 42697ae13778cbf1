// The ready scenarios (the editor's "Simulate…" and `--scenario preset:NAME`), as scenarios anyone could write.
import { parseDuration, type CronJobScenario, type JobScenario, type ScenarioProblem } from './scenario';

export interface ScenarioPreset {
  name: string;
  /** Parameters it takes (`name=value`, comma-separated after the name). */
  parameters: string;
  description: string;
  kind: 'Job' | 'CronJob';
}

export const SCENARIO_PRESETS: readonly ScenarioPreset[] = [
  { name: 'all-fail', parameters: 'runFor=DURATION', description: 'every Pod fails with exit code 1', kind: 'Job' },
  { name: 'exit-code', parameters: 'code=N, container=NAME, runFor=DURATION', description: 'every Pod fails with exit code N in container NAME (default: the first)', kind: 'Job' },
  { name: 'evicted', parameters: 'runFor=DURATION', description: 'the first Pod is evicted (condition DisruptionTarget), the rest succeed', kind: 'Job' },
  { name: 'index-fails', parameters: 'index=I, runFor=DURATION', description: 'index I always fails with exit code 1, the other indexes succeed', kind: 'Job' },
  { name: 'cluster-down', parameters: 'for=DURATION', description: 'the cluster was down for a day (or the given duration) until now; nothing ran meanwhile', kind: 'CronJob' },
];

export interface PresetScenario {
  job?: JobScenario;
  /** A CronJob preset depends on the time it is run at. */
  cronJob?: (nowSeconds: number) => CronJobScenario;
  problems: ScenarioProblem[];
}

/** `NAME` or `NAME,key=value,...` (the part after `preset:`). */
export function presetScenario(text: string): PresetScenario {
  const [name, ...parts] = text.split(',').map((part) => part.trim());
  const problems: ScenarioProblem[] = [];
  const preset = SCENARIO_PRESETS.find((candidate) => candidate.name === name);
  if (!preset) {
    return { problems: [{ path: 'preset', message: `unknown preset "${name}"; the presets are ${SCENARIO_PRESETS.map((p) => p.name).join(', ')}` }] };
  }
  const params = new Map<string, string>();
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) problems.push({ path: `preset ${name}`, message: `"${part}" is not key=value (${preset.parameters})` });
    else params.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const known = preset.parameters.split(',').map((p) => p.trim().split('=')[0]);
  for (const key of params.keys()) if (!known.includes(key)) problems.push({ path: `preset ${name}`, message: `unknown parameter ${key} (${preset.parameters})` });
  const duration = (key: string, fallback: number): number => {
    const value = params.get(key);
    if (value === undefined) return fallback;
    const parsed = parseDuration(value);
    if (parsed === undefined) problems.push({ path: `preset ${name}.${key}`, message: `"${value}" is not a duration (write 31s, 2m, 1h30m)` });
    return parsed ?? fallback;
  };
  const integer = (key: string, fallback: number | undefined): number | undefined => {
    const value = params.get(key);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value)) problems.push({ path: `preset ${name}.${key}`, message: `"${value}" is not a whole number` });
    return /^\d+$/.test(value) ? Number(value) : fallback;
  };
  const runFor = duration('runFor', 0);
  const label = text;
  switch (preset.name) {
    case 'all-fail':
      return { job: { name: label, pods: [], then: { exitCode: 1, runFor } }, problems };
    case 'exit-code': {
      const code = integer('code', undefined);
      if (code === undefined && !problems.length) problems.push({ path: `preset ${name}`, message: 'needs code=N (the exit code)' });
      const container = params.get('container');
      return { job: { name: label, pods: [], then: { exitCode: code ?? 1, runFor, ...(container ? { container } : {}) } }, problems };
    }
    case 'evicted':
      return { job: { name: label, pods: [{ conditions: [{ type: 'DisruptionTarget', status: 'True' }], runFor }], then: 'succeed' }, problems };
    case 'index-fails': {
      const index = integer('index', 0) ?? 0;
      return { job: { name: label, pods: [{ index, exitCode: 1, runFor, always: true }], then: 'succeed' }, problems };
    }
    default: {
      const down = duration('for', 86400);
      return { cronJob: (now) => ({ name: label, created: now - down - 86400, lastScheduleTime: now - down, now, activeJobs: 0 }), problems };
    }
  }
}
