// Inlay hints: after a CronJob's `schedule` value, when it runs in a few words and in which time zone
// (`at 03:00 every day (Europe/Berlin)`). Only for CronJobs the API server would accept the schedule of.
import { InlayHint, type Range } from 'vscode-languageserver-types';
import type { FileModel } from '../document/fileModel';
import { hasTemplateActions } from '../document/helmTemplate';
import { toServerJson } from '../document/kubectlYaml';
import { rangeForPath } from '../document/paths';
import { classify, mayNameOurKinds } from '../kube/resources';
import type { Settings } from '../settings';
import { scheduleReadingOf, shortSummary } from './schedule';

export function inlayHints(model: FileModel, text: string, range: Range, settings: Settings): InlayHint[] {
  if (!settings.enable || hasTemplateActions(text)) return [];
  const hints: InlayHint[] = [];
  for (const { slice, doc } of model.update(text)) {
    if (slice.offset + slice.text.length > (settings.maxFileSize || Infinity)) break;
    const lastLine = slice.line + doc.lines.lineCount - 1;
    if (lastLine < range.start.line || slice.line > range.end.line || !doc.text.includes('CronJob') || !mayNameOurKinds(doc.text)) continue;
    for (const resource of doc.resources) {
      if (classify(resource.apiVersion, resource.kind).status !== 'checked' || resource.kind !== 'CronJob') continue;
      let object;
      try {
        object = toServerJson(doc.document, resource.node);
      } catch {
        continue; // too many aliases: no hints
      }
      const reading = scheduleReadingOf(object);
      if (!reading) continue;
      const [, end] = rangeForPath(doc.document, resource.node, ['spec', 'schedule'], 'value');
      const at = doc.lines.positionAt(end);
      const position = { line: at.line + slice.line, character: at.character };
      if (position.line < range.start.line || position.line > range.end.line) continue;
      const hint = InlayHint.create(position, shortSummary(reading));
      hint.paddingLeft = true;
      hints.push(hint);
    }
  }
  return hints;
}
