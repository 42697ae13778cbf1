// KubeAssist in a real VS Code (code-server), driven like a person with Playwright and Debian's chromium.
// Started by scripts/e2e/code-server.sh, which installs the .vsix into a throwaway profile, serves a copy of
// test/e2e/fixtures on 127.0.0.1 and sets CS_URL, WORKSPACE, USER_DATA, SHOTS and PLAYWRIGHT_MODULES.
// Selectors are VS Code internals (pinned code-server in scripts/e2e/env.sh); each check says what a user sees.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { viewSteps } from './code-server-views.mjs';

const { chromium } = createRequire(join(process.env.PLAYWRIGHT_MODULES, 'noop.js'))('playwright-core');
const { CS_URL, WORKSPACE, SHOTS } = process.env;
const DOCS_IMAGES = process.env.KUBEASSIST_E2E_DOCS_IMAGES; // set: also write the README's cropped pictures there

const started = Date.now();
let passed = 0;
let failed = 0;
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
function check(ok, what, detail) {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} - ${what} [${seconds()}]`);
  if (detail !== undefined && !ok) console.log(`  saw: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
}
const note = (text) => console.log(`  ${text}`);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
let shotNumber = 0;
async function shot(name, crop) {
  const file = join(SHOTS, `${String(++shotNumber).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  if (DOCS_IMAGES && crop) await page.screenshot({ path: join(DOCS_IMAGES, `${name}.png`), clip: crop });
}
/**
 * The README's crop: the editor from its left edge (line numbers) and the line holding `fromLine` (or the
 * top of a widget above it), down to the lowest of `below` (widgets, a Problems row), at most `width` wide.
 */
async function crop(fromLine, below, width = 860) {
  const left = (await editor.boundingBox()).x;
  const boxes = (await Promise.all(below.map((l) => l.first().boundingBox()))).filter(Boolean);
  const line = await editor.locator('.view-line', { hasText: fromLine }).first().boundingBox();
  // up to whole lines above it when a widget opens upwards
  const linesUp = Math.max(0, Math.ceil((line.y - Math.min(...boxes.map((b) => b.y - 4))) / line.height));
  const top = Math.max(0, line.y - linesUp * line.height);
  const bottom = Math.min(800, Math.max(...boxes.map((b) => b.y + b.height)) + 8);
  return { x: left, y: top, width: Math.min(width, 1280 - left), height: bottom - top };
}

const editor = page.locator('.editor-group-container.active .monaco-editor').first();
const squiggles = (severity) => editor.locator(`.squiggly-${severity}`);
const statusItem = page.locator('.statusbar-item', { hasText: /Kubernetes 1\.\d+/ });

async function openFile(name) {
  // The name starts the row's text (a problem count may follow it): job-x.yaml must not pick cronjob-x.yaml.
  const exactly = new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: exactly }).first().click();
  await page.locator('.tabs-container .tab.active', { hasText: exactly }).waitFor({ timeout: 15000 });
  await editor.locator('.view-lines').waitFor();
}
/**
 * Moves the text cursor onto `text` in the active editor (a click in the middle of it). The click waits for a
 * settled layout: on a slow machine code lenses and inlay hints arrive late and move the lines under the pointer.
 * With `line`, the status bar's cursor position must then say that line; the click is retried until it does.
 */
async function clickOnText(text, options = {}) {
  const span = editor.locator('.view-line span span', { hasText: text }).first();
  const place = async () => {
    const box = await span.boundingBox();
    const full = (await span.textContent()) ?? text;
    const charWidth = box.width / full.length;
    return { x: box.x + (full.indexOf(text) + (options.at ?? text.length / 2)) * charWidth, y: box.y + box.height / 2 };
  };
  let at = await place();
  for (let attempt = 0; attempt < 4; attempt++) {
    for (let settle = 0; settle < 10; settle++) {
      await page.waitForTimeout(250);
      const again = await place();
      if (Math.abs(again.x - at.x) < 1 && Math.abs(again.y - at.y) < 1) break;
      at = again;
    }
    if (options.hover) { await page.mouse.move(at.x, at.y); return at; }
    await page.mouse.click(at.x, at.y);
    if (options.line === undefined || (await cursorLine()) === options.line) return at;
    at = await place();
  }
  return at;
}
/** The line the status bar says the cursor is on (1-based), or undefined. */
async function cursorLine() {
  const text = await page.locator('.statusbar-item', { hasText: /Ln \d+, Col \d+/ }).first().textContent({ timeout: 2000 }).catch(() => '');
  const match = /Ln (\d+)/.exec(text ?? '');
  return match ? Number(match[1]) : undefined;
}
/**
 * The hover that pointing at `text` opens, once it holds `hasText`. The pointer leaves and comes back up to three
 * times: a hover asked for while the editor is still settling (a panel opening, decorations arriving) may not come.
 */
async function hoverOn(text, hasText) {
  const hover = page.locator('.monaco-hover:not(.hidden)', { hasText }).first();
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.mouse.move(1200, 780);
    await clickOnText(text, { hover: true });
    if (await hover.waitFor({ timeout: 5000 }).then(() => true, () => false)) break;
  }
  return hover;
}
/** The text of the active editor's lines as rendered (spaces normalised). */
async function editorText() {
  const lines = await editor.locator('.view-line').evaluateAll((rows) =>
    rows.map((r) => ({ top: parseFloat(r.style.top), text: r.textContent.replace(/\u00a0/g, ' ') })));
  return lines.sort((a, b) => a.top - b.top).map((l) => l.text).join('\n');
}
const problemRows = page.locator('.markers-panel .monaco-list-row');
/**
 * The Problems panel's rows (what is read out and what is shown), once one matches `expected` (a string or a
 * RegExp: the panel lists every open file's problems, so a text an earlier file also has is matched at once).
 */
async function problems(expected) {
  if (!(await page.locator('.markers-panel').isVisible())) await page.keyboard.press('Control+Shift+M');
  if (expected) await problemRows.filter({ hasText: expected }).first().waitFor({ timeout: 10000 }).catch(() => {});
  return problemRows.evaluateAll((rows) => rows.map((r) => `${r.getAttribute('aria-label')} | ${r.textContent}`));
}
/**
 * Waits until the server has answered a request sent after everything before it: the status bar item of
 * job-valid.yaml (its documentInfo request). The server validates a document synchronously when it is
 * opened, so by then every earlier document's diagnostics have been published and shown.
 */
/** The command lines of the KubeAssist language servers running on this machine (Linux /proc), each as its arguments. */
function languageServerCommandLines() {
  const found = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args;
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue; // gone meanwhile, or not ours to read
    }
    if (args.some((arg) => /kubeassist[^/]*\/dist\/server\.js$/.test(arg))) found.push(args);
  }
  return found;
}

async function serverCaughtUp() {
  await openFile('job-valid.yaml');
  await statusItem.filter({ hasText: '2 resources' }).waitFor({ timeout: 10000 });
}

try {
  await page.goto(`${CS_URL}/?folder=${encodeURIComponent(WORKSPACE)}`, { waitUntil: 'domcontentloaded' });
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'job-valid.yaml' }).waitFor({ timeout: 60000 });
  check(true, 'workbench loaded, the explorer lists the fixtures');

  // 1. A cross-field mistake: squiggle, Problems entry, status bar.
  await openFile('job-pod-failure-policy.yaml');
  await squiggles('error').first().waitFor({ timeout: 30000 }).catch(() => {});
  check((await squiggles('error').count()) > 0, 'error squiggle on a Job whose podFailurePolicy meets restartPolicy OnFailure');
  let rows = await problems(/restart-policy-must-be-never[\s\S]*Ln 16,/);
  note(`problems: ${JSON.stringify(rows)}`);
  check(rows.some((r) => /restartPolicy. must be .Never/.test(r) && /job\/pod-failure-policy\/restart-policy-must-be-never/.test(r) && /16/.test(r)),
    'Problems lists the rule (code job/pod-failure-policy/restart-policy-must-be-never, line 16)', rows);
  await statusItem.first().waitFor({ timeout: 10000 }).catch(() => {});
  const status = (await statusItem.count()) ? await statusItem.first().textContent() : '';
  check(/Kubernetes 1\.37 · 1 resource$/.test(status.trim()), 'status bar: "Kubernetes 1.37 · 1 resource" (the default release)', status);
  // The server VS Code started runs on its own Node with the young generation capped (client/src/extension.ts SERVER_EXEC_ARGV).
  const servers = languageServerCommandLines();
  check(servers.length > 0 && servers.every((args) => args.includes('--max-semi-space-size=4')), 'the language server runs with --max-semi-space-size=4 (its memory on a big file)', servers);
  const problemHover = await hoverOn('OnFailure', 'must be');
  check((await problemHover.count()) === 1, 'hovering the squiggle shows the message');
  await shot('diagnostics', await crop('podFailurePolicy', [problemHover, problemRows.nth(1)], 920));
  await page.mouse.move(1200, 780);

  // 1b. The same mistake inside a CronJob's job template, at the path the server prints.
  await openFile('cronjob-pod-failure-policy.yaml');
  await squiggles('error').first().waitFor({ timeout: 30000 }).catch(() => {});
  check((await squiggles('error').count()) > 0, 'error squiggle on a CronJob whose job template\'s podFailurePolicy meets restartPolicy OnFailure');
  rows = await problems(/restart-policy-must-be-never[\s\S]*Ln 20,/);
  note(`problems: ${JSON.stringify(rows)}`);
  check(rows.some((r) => /restartPolicy. must be .Never/.test(r) && /job\/pod-failure-policy\/restart-policy-must-be-never/.test(r) && /20/.test(r)),
    'Problems lists the rule inside the CronJob (code job/pod-failure-policy/restart-policy-must-be-never, line 20)', rows);

  // 1c. A JobSet whose Jobs the batch API server refuses (kubernetes-sigs/jobset#1024): the mistake of its Job
  // template, at the template's node, with a message saying the JobSet is accepted and where the refusal shows.
  await openFile('jobset-indexed-completions.yaml');
  await squiggles('error').first().waitFor({ timeout: 30000 }).catch(() => {});
  check((await squiggles('error').count()) > 0, 'error squiggle on a JobSet whose Indexed Job template has parallelism but no completions');
  rows = await problems('indexed-requires-completions');
  note(`problems: ${JSON.stringify(rows)}`);
  check(rows.some((r) => /job\/completion-mode\/indexed-requires-completions/.test(r) && /JobCreationFailed/.test(r) && /14/.test(r)),
    'Problems lists the Job rule inside the JobSet (code job/completion-mode/indexed-requires-completions, line 14, the JobCreationFailed event)', rows);
  await shot('jobset-diagnostic');

  // 2. Nothing on a valid Job + CSIDriver.
  await openFile('job-valid.yaml');
  await statusItem.filter({ hasText: '2 resources' }).waitFor({ timeout: 10000 }).catch(() => {});
  check((await statusItem.filter({ hasText: '2 resources' }).count()) === 1, 'status bar counts the Job and the CSIDriver: "2 resources"');
  check((await squiggles('error').count()) + (await squiggles('warning').count()) === 0, 'no squiggle on the valid manifest');
  await shot('valid-manifest');

  // 3. Hover on a key.
  const hoverBox = await hoverOn('backoffLimit', 'backoffLimit');
  const hoverText = (await hoverBox.count()) ? await hoverBox.textContent() : '';
  note(`hover: ${hoverText.slice(0, 160)}`);
  check(/backoffLimit/.test(hoverText) && /How many Pod failures the Job tolerates/.test(hoverText), 'hover on backoffLimit shows its summary', hoverText);
  await shot('hover', await crop('kind: Job', [hoverBox]));
  await page.mouse.move(1200, 780);
  await page.keyboard.press('Escape');

  // 4. Completion after `completionMode: `.
  await clickOnText('backoffLimit');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('completionMode: ', { delay: 30 });
  const suggestions = page.locator('.editor-widget.suggest-widget.visible .monaco-list-row');
  await suggestions.first().waitFor({ timeout: 5000 }).catch(async () => {
    await page.keyboard.press('Control+Space');
    await suggestions.first().waitFor({ timeout: 10000 }).catch(() => {});
  });
  await page.waitForTimeout(300);
  const labels = await suggestions.evaluateAll((items) => items.map((i) => i.getAttribute('aria-label') || i.textContent));
  note(`suggestions: ${JSON.stringify(labels)}`);
  check(labels.some((l) => /^NonIndexed\b/.test(l)) && labels.some((l) => /^Indexed\b/.test(l)), 'completion after `completionMode: ` offers NonIndexed and Indexed', labels);
  await shot('completion', await crop('kind: Job', [page.locator('.editor-widget.suggest-widget.visible'), editor.locator('.view-line', { hasText: 'restartPolicy' })], 620));
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Z');

  // 5. A plain schema error with Red Hat YAML absent (schemaDiagnostics: auto), fixed from the lightbulb menu.
  await openFile('job-completion-mode.yaml');
  await squiggles('error').first().waitFor({ timeout: 15000 }).catch(() => {});
  rows = await problems('schema/enum');
  check(rows.some((r) => /schema\/enum/.test(r) && /indexed/.test(r)), 'schemaDiagnostics auto, Red Hat YAML absent: Problems lists the schema/enum error', rows);
  await clickOnText('indexed', { at: 2, line: 7 });
  const lightbulb = editor.locator('.lightBulbWidget, .codicon-light-bulb, .codicon-lightbulb-autofix').first();
  let menuFrom = 'lightbulb';
  try {
    await lightbulb.waitFor({ state: 'visible', timeout: 15000 });
    await lightbulb.click();
  } catch {
    menuFrom = 'Ctrl+. (no lightbulb shown)';
    await page.keyboard.press('Control+.');
  }
  const actions = page.locator('.action-widget .monaco-list-row.action');
  await actions.first().waitFor({ timeout: 10000 }).catch(() => {});
  const titles = await actions.evaluateAll((items) => items.map((i) => i.textContent));
  note(`quick fixes (${menuFrom}, cursor on line ${await cursorLine()}): ${JSON.stringify(titles)}`);
  check(menuFrom === 'lightbulb' && titles.some((t) => /`Indexed`/.test(t)), 'the lightbulb menu offers the fix to `Indexed`', titles);
  await shot('quick-fix', titles.length ? await crop('kind: Job', [page.locator('.action-widget'), editor.locator('.view-line', { hasText: 'restartPolicy' })], 620) : undefined);
  const fix = actions.filter({ hasText: '`Indexed`' }).first();
  if (await fix.count()) await fix.click();
  else await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  const line = (await editorText()).split('\n').find((l) => /completionMode/.test(l)) ?? '';
  check(line.trim() === 'completionMode: Indexed', 'the quick fix changes the line to `completionMode: Indexed`', line);
  await squiggles('error').first().waitFor({ state: 'detached', timeout: 10000 }).catch(() => {});
  check((await squiggles('error').count()) === 0, 'the squiggle is gone after the fix');
  await shot('quick-fix-applied');

  // 6. Nothing on a YAML file that is not Kubernetes, and no status bar item there.
  await page.keyboard.press('Control+S'); // keep the fixed file open (not a preview editor) beside the others
  await openFile('not-kubernetes.yaml');
  await page.locator('.tabs-container .tab.active', { hasText: 'not-kubernetes.yaml' }).dblclick(); // keep it open
  await statusItem.first().waitFor({ state: 'hidden', timeout: 10000 }).catch(() => {});
  check((await statusItem.count()) === 0, 'no KubeAssist status bar item on the non-Kubernetes file');
  await serverCaughtUp();
  await openFile('not-kubernetes.yaml');
  check((await squiggles('error').count()) + (await squiggles('warning').count()) + (await squiggles('info').count()) === 0, 'no squiggle on the non-Kubernetes file');
  rows = await problems();
  check(rows.length === 0, 'Problems is empty: nothing on the valid, the fixed and the non-Kubernetes files', rows);
  await shot('not-kubernetes');

  // 7. The status bar item changes the Kubernetes version.
  await openFile('job-valid.yaml');
  await statusItem.first().click();
  const picks = page.locator('.quick-input-widget .monaco-list-row');
  await picks.first().waitFor({ timeout: 10000 });
  const firstPick = (await picks.first().textContent()) ?? '';
  const secondPick = (await picks.nth(1).textContent()) ?? '';
  check(/^\s*1\.38\s*pre-release/.test(firstPick) && /^\s*1\.37/.test(secondPick), 'the version picker lists 1.38 first, labelled pre-release, then the newest release, 1.37', [firstPick, secondPick]);
  await page.keyboard.type('1.29');
  await page.waitForTimeout(200);
  await shot('version-pick');
  await page.keyboard.press('Enter');
  await statusItem.filter({ hasText: 'Kubernetes 1.29' }).waitFor({ timeout: 10000 }).catch(() => {});
  const settingsFile = join(WORKSPACE, '.vscode', 'settings.json');
  const written = existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : '';
  check((await statusItem.filter({ hasText: 'Kubernetes 1.29' }).count()) === 1 && /"kubeassist\.kubernetesVersion": "1\.29"/.test(written),
    'clicking the status bar item picks 1.29: the item and .vscode/settings.json follow', written);

  // 8. KubeAssist: Show Server Log.
  await page.keyboard.press('F1');
  await page.locator('.quick-input-widget input').waitFor();
  await page.keyboard.type('KubeAssist: Show Server Log');
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Show Server Log' }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
  const outputLines = page.locator('.part.panel .monaco-editor .view-lines').first();
  await outputLines.filter({ hasText: 'language server' }).waitFor({ timeout: 10000 }).catch(() => {});
  const outputText = (await outputLines.count()) ? (await outputLines.textContent()).replace(/\u00a0/g, ' ') : '';
  note(`output: ${outputText.slice(0, 120)}`);
  check(/KubeAssist language server .* started/.test(outputText), '"KubeAssist: Show Server Log" shows the KubeAssist output channel with the server\'s log', outputText);
  // Issue 24: the language-model tools are registered (the editor's own lm.tools lists them) and the MCP server definition offered.
  check(/language-model tools registered: kubeassist_check, kubeassist_diagnose, kubeassist_explain, kubeassist_fix, kubeassist_rules, kubeassist_simulate; MCP server definition kubeassist\.mcp/.test(outputText),
    'the agent tools are registered in code-server: lm.tools lists the six kubeassist_* tools; the MCP server definition is offered', outputText);
  await shot('server-log');

  // 9. The client's per-document decision reaches the server: `off` leaves plain schema errors out, keeps rules.
  await openFile('job-two-mistakes.yaml');
  rows = await problems('schema/unknown-field');
  check(rows.some((r) => /schema\/unknown-field/.test(r)) && rows.some((r) => /restart-policy-must-be-never/.test(r)),
    'schemaDiagnostics auto (no Red Hat YAML): both the unknown field and the rule are reported', rows);
  const setSchemaDiagnostics = (value) => {
    const settings = JSON.parse(readFileSync(settingsFile, 'utf8'));
    writeFileSync(settingsFile, JSON.stringify({ ...settings, 'kubeassist.schemaDiagnostics': value }, null, 2));
  };
  setSchemaDiagnostics('off');
  await problemRows.filter({ hasText: 'schema/unknown-field' }).first().waitFor({ state: 'detached', timeout: 15000 }).catch(() => {});
  rows = await problems('restart-policy-must-be-never');
  check(!rows.some((r) => /schema\/unknown-field/.test(r)) && rows.some((r) => /restart-policy-must-be-never/.test(r)),
    'schemaDiagnostics off in the workspace settings: the unknown field is left out, the rule stays', rows);
  await shot('schema-diagnostics-off');
  setSchemaDiagnostics('auto');
  rows = await problems('schema/unknown-field');
  check(rows.some((r) => /schema\/unknown-field/.test(r)), 'back to auto: the unknown field is reported again', rows);

  // 10. A committed Job whose Pod template was edited (code-server.sh commits job-update.yaml, then changes its
  // image): the server compares it with HEAD and warns that `kubectl apply` would be refused.
  await openFile('job-update.yaml');
  await squiggles('warning').first().waitFor({ timeout: 30000 }).catch(() => {});
  check((await squiggles('warning').count()) > 0, 'warning squiggle on a committed Job whose image was edited (update check against HEAD)');
  rows = await problems('update/job/template-immutable');
  note(`problems: ${JSON.stringify(rows)}`);
  check(rows.some((r) => /update\/job\/template-immutable/.test(r) && /report:1\.0` at HEAD and is `registry\.example\.com\/report:1\.1` now/.test(r) && /13/.test(r)),
    'Problems lists the update warning (code update/job/template-immutable, the image at HEAD and now, line 13)', rows);
  await shot('update-check');

  // 11.-13. The rendered views: Explain, Simulate… and the CronJob calendar, light and dark (code-server-views.mjs).
  await viewSteps({ page, editor, check, note, shot, openFile, clickOnText, settingsFile });

  // 14. Relations between objects: the workspace index sees the chart's ConfigMap; the hook Job that reads it gets
  // a warning on the reference, with the ConfigMap as related information, and F12 goes to the ConfigMap.
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').waitFor();
  await page.keyboard.type('migrate-job.yaml', { delay: 20 });
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'migrate-job.yaml' }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: 'migrate-job.yaml' }).waitFor({ timeout: 15000 });
  rows = await problems('relations/helm-hook-order');
  note(`problems: ${JSON.stringify(rows)}`);
  check(rows.some((r) => /relations\/helm-hook-order/.test(r) && /reads ConfigMap .app-env., which the chart creates as a regular resource/.test(r) && /18/.test(r)),
    'Problems lists the relation warning on the hook Job (code relations/helm-hook-order, line 18)', rows);
  check((await squiggles('warning').count()) > 0, 'warning squiggle on the ConfigMap the pre-install hook reads');
  const relationHover = await hoverOn('app-env', 'is defined');
  const relationText = (await relationHover.count()) ? await relationHover.textContent() : '';
  check(/is defined in the workspace/.test(relationText) && /app-env\.yaml:4/.test(relationText), 'hovering the reference says where the ConfigMap is defined (templates/app-env.yaml:4)', relationText);
  await shot('relations', await crop('kind: Job', [relationHover]));
  await page.mouse.move(1200, 780);
  await page.keyboard.press('Escape');
  await clickOnText('app-env');
  await page.keyboard.press('F12');
  await page.locator('.tabs-container .tab.active', { hasText: 'app-env.yaml' }).waitFor({ timeout: 10000 }).catch(() => {});
  check((await page.locator('.tabs-container .tab.active', { hasText: 'app-env.yaml' }).count()) === 1, 'Go to Definition (F12) on the reference opens the ConfigMap');
  await shot('relations-definition');

  // 15. An export (`kubectl get job pi -o yaml > job-export.yaml`, the documentation's pi Job): no error and no
  // warning on the server's generated selector and labels; one information finding says it is an export.
  await openFile('job-export.yaml');
  rows = await problems('observed/export');
  note(`problems: ${JSON.stringify(rows)}`);
  check(rows.some((r) => /observed\/export/.test(r) && /This Job is an export of an object the API server returned/.test(r) && /Ln 2,/.test(r)),
    'Problems lists the export as information (code observed/export, line 2)', rows);
  check(!rows.some((r) => /job\/selector\//.test(r)), 'no job/selector error on the generated selector and labels', rows);
  await squiggles('info').first().waitFor({ timeout: 10000 }).catch(() => {});
  check((await squiggles('error').count()) + (await squiggles('warning').count()) === 0 && (await squiggles('info').count()) > 0,
    'no error or warning squiggle on the export, one information squiggle');
  await shot('export');

  // 16. VS Code's Node refuses the build's code cache: the server keeps one of its own in the extension's global
  // storage (scripts/build.mjs engineFacade), written about 20 s after it started, for the next starts.
  const [serverArgs] = languageServerCommandLines();
  const serverV8 = serverArgs ? spawnSync(serverArgs[0], ['-p', 'process.versions.v8'], { encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } }).stdout.trim() : '';
  if (!serverV8 || serverV8 === process.versions.v8) {
    note(`the server's Node (V8 ${serverV8 || 'unknown'}) is the one that built it: it takes the build's code cache, none of its own`);
  } else {
    const storage = join(process.env.USER_DATA, 'User', 'globalStorage', 'kubeassist.kubeassist');
    const caches = () => (existsSync(storage) ? readdirSync(storage).filter((name) => /^engine-[0-9a-f]{16}-.*\.cache$/.test(name)) : []);
    for (let waited = 0; caches().length === 0 && waited < 30000; waited += 500) await page.waitForTimeout(500);
    check(caches().length === 1, `the server keeps a code cache for VS Code's Node (V8 ${serverV8}) in the extension's global storage`, existsSync(storage) ? readdirSync(storage) : `no ${storage}`);
  }
} catch (error) {
  failed++;
  console.log(`FAIL - unexpected error: ${error.message.split('\n')[0]}`);
  await shot('error').catch(() => {});
} finally {
  await browser.close();
}
console.log(`  screenshots: ${SHOTS}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
