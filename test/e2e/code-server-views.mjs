// The rendered views in code-server (issue 29): Explain, Simulate… and the CronJob calendar open as a webview panel
// beside the editor (no raw Markdown), with the pictures drawn, in the light and the dark theme; a field link moves
// the cursor to the field; the view follows an edit. Called by code-server.mjs with its helpers.
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export async function viewSteps({ page, editor, check, note, shot, openFile, clickOnText, settingsFile }) {
  const setTheme = async (theme) => {
    const settings = existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')) : {};
    mkdirSync(dirname(settingsFile), { recursive: true });
    writeFileSync(settingsFile, JSON.stringify({ ...settings, 'workbench.colorTheme': theme }, null, 2));
    await page.waitForFunction((dark) => document.body.classList.contains(dark ? 'vs-dark' : 'vs') || document.querySelector('.monaco-workbench')?.classList.contains(dark ? 'vs-dark' : 'vs'), /Dark/.test(theme), { timeout: 15000 }).catch(() => {});
  };
  /** The panel's box on the page: the README's crop of a view. */
  const panelBox = async () => {
    const box = await page.locator('iframe.webview.ready').last().boundingBox().catch(() => null);
    return box ? { x: box.x, y: box.y, width: Math.min(box.width, 1280 - box.x), height: Math.min(box.height, 800 - box.y) } : undefined;
  };
  /** The body of the newest webview (code-server nests the page in two frames). */
  const view = () => page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame').locator('body');
  const viewShows = async (wanted, timeout = 20000) => {
    const started = Date.now();
    while (Date.now() - started < timeout) {
      const text = await view().textContent({ timeout: 2000 }).catch(() => '');
      if (text && text.replace(/\s+/g, ' ').includes(wanted)) return text.replace(/\s+/g, ' ');
      await page.waitForTimeout(200);
    }
    return (await view().textContent({ timeout: 2000 }).catch(() => '')) ?? '';
  };

  // 11. Explain: the code lens opens the rendered view beside the editor: headings, the verdict, the picture.
  await setTheme('Default Light Modern');
  await openFile('job-valid.yaml');
  const lens = editor.locator('.codelens-decoration a', { hasText: /^Explain$/ }).first();
  await lens.waitFor({ timeout: 20000 }).catch(() => {});
  check((await lens.count()) === 1 && (await editor.locator('.codelens-decoration a', { hasText: /^Simulate…$/ }).count()) >= 1, 'code lenses "Explain" and "Simulate…" above the Job');
  await lens.click();
  const explainTab = page.locator('.tabs-container .tab', { hasText: 'Explain: pi' });
  await explainTab.waitFor({ timeout: 20000 }).catch(() => {});
  check((await explainTab.count()) === 1, 'the explanation opens in a panel of its own ("Explain: pi")');
  const summary = 'Runs 1 Pod to success; fails after 5 failed Pods; deleted 3600 s (1 h) after it finishes.';
  let shown = await viewShows(summary);
  note(`explain view: ${shown.slice(0, 200)}`);
  check(shown.includes('Job pi') && shown.includes(summary) && !shown.includes('## Job') && !shown.includes('### '), 'the view is rendered: heading "Job pi" and the verdict, no raw Markdown', shown.slice(0, 300));
  const heading = await view().locator('h2').first().textContent().catch(() => '');
  check(/Job\s*pi/.test(heading ?? ''), 'the object is a rendered heading (h2)', heading);
  const bars = await view().locator('figure svg rect.ka-bar').count();
  check(bars === 5, 'the picture: if every Pod fails at once, 5 bars (backoffLimit 4) in the timeline chart', bars);
  await shot('explain-view-light', await panelBox());

  await clickOnText('backoffLimit');
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  shown = await viewShows('fails after 3 failed Pods');
  check(shown.includes('fails after 3 failed Pods'), 'the view follows the edit (`backoffLimit: 2`: "fails after 3 failed Pods")', shown.slice(0, 300));
  // Back to 4, written again (an undo may take back only part of the edit).
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('4');
  shown = await viewShows('fails after 5 failed Pods');

  // A field link jumps to the field in the manifest: the cursor goes to line 1, then the link brings it to line 7.
  await page.keyboard.press('Control+Home');
  const link = view().locator('a.field', { hasText: 'backoffLimit: 4' }).first();
  await link.waitFor({ timeout: 10000 }).catch(() => {});
  if (await link.count()) {
    await link.click();
    // The status bar shows the cursor once the editor has it (up to 10 s on a busy machine).
    const cursor = page.locator('.statusbar-item', { hasText: /Ln \d+, Col \d+/ }).first();
    let cursorLine = '';
    for (const deadline = Date.now() + 10000; Date.now() < deadline; await page.waitForTimeout(200)) {
      cursorLine = (await cursor.textContent({ timeout: 1000 }).catch(() => '')) ?? '';
      if (/Ln 7, Col 3/.test(cursorLine)) break;
    }
    check(/Ln 7, Col 3/.test(cursorLine ?? ''), 'a field link in the view (`backoffLimit: 4`) puts the cursor on the field (line 7)', cursorLine);
  } else check(false, 'the view links the field `backoffLimit: 4` to the manifest', (await view().innerHTML().catch(() => '')).slice(0, 400));

  // 12. Simulate…: a ready scenario from the quick pick draws the timeline; in the dark theme too.
  await openFile('job-valid.yaml');
  await editor.locator('.codelens-decoration a', { hasText: /^Simulate…$/ }).first().click();
  await page.locator('.quick-input-widget input').waitFor({ timeout: 10000 });
  await page.keyboard.type('all-fail', { delay: 20 });
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'all-fail' }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
  const simulationTab = page.locator('.tabs-container .tab', { hasText: 'Simulation: pi (all-fail)' });
  await simulationTab.waitFor({ timeout: 20000 }).catch(() => {});
  check((await simulationTab.count()) === 1, 'Simulate… with "all-fail" opens the panel "Simulation: pi (all-fail)"');
  shown = await viewShows('BackoffLimitExceeded');
  const gaps = await view().locator('figure svg line.ka-gap').count();
  const failedBars = await view().locator('figure svg rect.ka-bar.ka-failed').count();
  check(failedBars === 5 && gaps === 4, 'the simulation chart: 5 failed Pods, 4 back-off gaps between them', { failedBars, gaps });
  await setTheme('Default Dark Modern');
  await page.waitForTimeout(500);
  await shot('simulate-view-dark', await panelBox());

  // 13. The CronJob calendar: Explain on a CronJob draws its runs over the next week.
  await openFile('cronjob-pod-failure-policy.yaml');
  const cronLens = editor.locator('.codelens-decoration a', { hasText: /^Explain$/ }).first();
  await cronLens.waitFor({ timeout: 20000 }).catch(() => {});
  await cronLens.click();
  shown = await viewShows('schedule calendar', 20000);
  const runs = await view().locator('figure svg .ka-calendar-run').count();
  check(runs >= 7 && runs <= 8, 'the CronJob calendar: one run a day at 02:00 over the week', runs);
  await shot('calendar-view-dark');
  await setTheme('Default Light Modern');
  await page.waitForTimeout(500);
  await shot('calendar-view-light', await panelBox());
}
