// Code lenses as the client can take them. A client that resolves lenses (it says so: LSP 3.18's
// `textDocument.codeLens.resolveSupport.properties` holds `command`, as vscode-languageclient 11 does) gets each lens
// as a range and a small handle, and the command in `codeLens/resolve` (VS Code resolves only the lenses on screen):
// the bench's 1,000-document file answers 72 KiB per keystroke instead of 180 KiB. Any other client (Neovim 0.7, which
// says nothing of code lenses and would resolve every lens of the file, one request each; plain LSP clients) gets
// every lens with its command at once, as before. A resolved lens is exactly the lens the eager answer holds.
import type { ClientCapabilities, CodeLens } from 'vscode-languageserver/node';
import { codeLenses, lensesOf, lensTargets, type FileModel, type LensTarget, type Settings } from '../service/index';

/** Whether the client fills a lens's command through `codeLens/resolve`. */
export function resolvesCodeLenses(capabilities: ClientCapabilities): boolean {
  const properties = (capabilities.textDocument?.codeLens as { resolveSupport?: { properties?: unknown } } | undefined)?.resolveSupport?.properties;
  return Array.isArray(properties) && properties.includes('command');
}

/** What an unresolved lens carries: the answer it belongs to and its index there. */
type LensHandle = [answer: number, index: number];

interface Answer {
  uri: string;
  targets: readonly LensTarget[];
  /** The lenses without commands, as sent. */
  lenses: CodeLens[];
  /** Each lens's target (its index in targets). */
  owners: number[];
}

/** The answers whose lenses may still be resolved: the latest ones (an editor resolves right after it asks). */
const KEPT_ANSWERS = 16;

export class CodeLensAnswers {
  private lazy = false;
  private next = 1;
  /** By handle number, oldest first. */
  private readonly kept = new Map<number, Answer>();
  /** The number of the answer made for targets (an unchanged file answers the same lenses, same handles). */
  private readonly numbers = new WeakMap<readonly LensTarget[], { uri: string; number: number }>();

  setClient(capabilities: ClientCapabilities): void {
    this.lazy = resolvesCodeLenses(capabilities);
  }

  /** `textDocument/codeLens`: the lenses of a file, without commands for a client that resolves them. */
  lenses(model: FileModel, text: string, uri: string, settings: Settings): CodeLens[] {
    if (!this.lazy) return codeLenses(model, text, uri, settings);
    const targets = lensTargets(model, text, settings);
    if (!targets.length) return [];
    const known = this.numbers.get(targets);
    const answer = known?.uri === uri ? this.kept.get(known.number) : undefined;
    if (known && answer) {
      // Still wanted: the newest to drop last.
      this.kept.delete(known.number);
      this.kept.set(known.number, answer);
      return answer.lenses;
    }
    const number = this.next++;
    const lenses: CodeLens[] = [];
    const owners: number[] = [];
    targets.forEach(({ line, kind }, owner) => {
      const range = { start: { line, character: 0 }, end: { line, character: 0 } };
      for (let lens = kind === 'Job' || kind === 'CronJob' ? 2 : 1; lens > 0; lens--) {
        lenses.push({ range, data: [number, lenses.length] satisfies LensHandle });
        owners.push(owner);
      }
    });
    this.kept.set(number, { uri, targets, lenses, owners });
    this.numbers.set(targets, { uri, number });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT_ANSWERS) break;
      this.kept.delete(oldest);
    }
    return lenses;
  }

  /** `codeLens/resolve`: the lens with its command; a lens of an answer no longer kept (or not ours) comes back as it is. */
  resolve(lens: CodeLens): CodeLens {
    const handle = lens.data as unknown;
    if (lens.command || !Array.isArray(handle) || handle.length !== 2) return lens;
    const [number, index] = handle as unknown[];
    const answer = typeof number === 'number' ? this.kept.get(number) : undefined;
    if (!answer || typeof index !== 'number' || answer.owners[index] === undefined) return lens;
    const owner = answer.owners[index];
    // The target's lenses start where its first lens is.
    return lensesOf(answer.targets[owner], answer.uri)[index - answer.owners.indexOf(owner)] ?? lens;
  }

  /** A closed document's answers are not resolved again. */
  forget(uri: string): void {
    for (const [number, answer] of this.kept) if (answer.uri === uri) this.kept.delete(number);
  }
}
