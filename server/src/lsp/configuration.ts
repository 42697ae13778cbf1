// Reads `kubeassist.*` settings: through workspace/configuration where the client offers it, else from
// initializationOptions and didChangeConfiguration payloads (Neovim, Emacs and other plain clients).
import { DEFAULT_MAX_FILE_SIZE, DEFAULT_RELATION_SETTINGS, DEFAULT_SETTINGS, isValidVersion, jobSetFeatureGatesOf, ruleSettingOf, type RelationSettings, type RuleSetting, type Settings } from '../service/settings';

/** Accepts what a user may have written and keeps only well-formed values. */
export function normalizeSettings(raw: unknown): Settings {
  const input = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const section = input.kubeassist && typeof input.kubeassist === 'object' ? (input.kubeassist as Record<string, unknown>) : input;
  const rules: Record<string, RuleSetting> = {};
  if (section.rules && typeof section.rules === 'object') {
    for (const [code, value] of Object.entries(section.rules as Record<string, unknown>)) {
      const setting = ruleSettingOf(value);
      if (setting) rules[code] = setting;
    }
  }
  const version = typeof section.kubernetesVersion === 'string' && isValidVersion(section.kubernetesVersion)
    ? section.kubernetesVersion
    : DEFAULT_SETTINGS.kubernetesVersion;
  // 'auto' needs to see the editor's other extensions: only the VS Code client can decide it (per document).
  const schemaDiagnostics = section.schemaDiagnostics === 'off' ? 'off' : 'on';
  const updateChecks = section.updateChecks === 'off' ? 'off' : 'git';
  const settings: Settings = { enable: section.enable !== false, kubernetesVersion: version, rules, maxFileSize: maxFileSizeOf(section.maxFileSize), schemaDiagnostics, updateChecks, relations: relationsOf(section.relations) };
  // `kubeassist.inlayHints.defaults`: VS Code sends the section nested; plain clients may write the dotted key.
  const inlayHints = section.inlayHints && typeof section.inlayHints === 'object' ? (section.inlayHints as Record<string, unknown>) : {};
  if (inlayHints.defaults === false || section['inlayHints.defaults'] === false) settings.inlayHintDefaults = false;
  // `kubeassist.jobset.featureGates`: VS Code sends it nested; plain clients may write the dotted key.
  const jobset = section.jobset && typeof section.jobset === 'object' ? (section.jobset as Record<string, unknown>) : {};
  const jobSetFeatureGates = jobSetFeatureGatesOf(jobset.featureGates ?? section['jobset.featureGates']);
  if (jobSetFeatureGates) settings.jobSetFeatureGates = jobSetFeatureGates;
  return settings;
}

/** `kubeassist.relations`: `{ enable, undefinedReferences, exclude }`, each kept only when well-formed. */
function relationsOf(value: unknown): RelationSettings {
  const section = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const exclude = Array.isArray(section.exclude) ? section.exclude.filter((glob): glob is string => typeof glob === 'string' && glob.trim() !== '') : [];
  return {
    enable: section.enable !== false && DEFAULT_RELATION_SETTINGS.enable,
    undefinedReferences: section.undefinedReferences === true,
    exclude,
  };
}

/** `kubeassist.maxFileSize`: characters, 0 for no limit. */
function maxFileSizeOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return DEFAULT_MAX_FILE_SIZE;
  return value === 0 ? Infinity : Math.floor(value);
}
