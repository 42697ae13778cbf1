// Reads a .vsix (a zip) without unpacking it, and says what a user of the package would find broken: a
// script naming a source map that is not shipped, a README picture or link that does not resolve inside the
// package (the extension's page in VS Code would show it broken), a manifest without `repository` or icon.
// Used by test/package/vsix.test.ts on a package built from a copy of the tree, and by
// `node scripts/vsix.mjs kubeassist.vsix` after `npm run package`.
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/** The files of a zip archive: name -> contents. Stored and deflated entries, as vsce writes them. */
export function zipEntries(file) {
  const zip = readFileSync(file);
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error(`${file}: not a zip archive`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: broken central directory`);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    if (!name.endsWith('/')) entries.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Relative image targets of a Markdown text: `![alt](path)` and `<img src="path">`. */
export function imageLinks(markdown) {
  const links = [];
  for (const match of markdown.matchAll(/!\[[^\]]*\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)|<img\s[^>]*src=["']([^"']+)["']/g)) links.push(match[1] ?? match[2] ?? match[3]);
  return links.filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link) && !link.startsWith('#'));
}

/** Every link target of a Markdown text that is no picture: `[text](target)` and `<a href="target">`, in order. */
export function markdownLinks(markdown) {
  const links = [];
  for (const match of markdown.matchAll(/(!?)\[(?:[^\]]|\][^(])*\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)|<a\s[^>]*href=["']([^"']+)["']/g)) {
    if (match[1] !== '!') links.push(match[2] ?? match[3] ?? match[4]);
  }
  return links;
}

/** What is broken in the package, one line each; empty when nothing is. */
export function vsixProblems(entries) {
  const problems = [];
  const has = (name) => entries.has(posix.normalize(name));
  for (const [name, data] of entries) {
    if (!name.endsWith('.js')) continue;
    for (const match of data.toString('utf8').matchAll(/[#@] sourceMappingURL=(\S+)/g)) {
      if (match[1].startsWith('data:')) continue;
      if (!has(posix.join(posix.dirname(name), match[1]))) problems.push(`${name} names ${match[1]}, which is not in the package`);
    }
  }
  // vsce stores the README as extension/readme.md; VS Code shows it as the extension's page.
  const readme = [...entries].find(([name]) => name.toLowerCase() === 'extension/readme.md')?.[1];
  if (!readme) problems.push('no README in the package');
  else {
    const markdown = readme.toString('utf8');
    for (const link of imageLinks(markdown)) if (!has(posix.join('extension', link))) problems.push(`README.md shows ${link}, which is not in the package`);
    // A relative link opens a file of the package; anything else must be a web address (https).
    for (const link of markdownLinks(markdown)) {
      if (link.startsWith('#') || /^(https|mailto):/i.test(link)) continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) problems.push(`README.md links to ${link}, which is no https address`);
      else if (!has(posix.join('extension', link.replace(/#.*$/, '')))) problems.push(`README.md links to ${link}, which is not in the package`);
    }
  }
  const manifest = entries.get('extension/package.json');
  if (!manifest) problems.push('no extension/package.json');
  else {
    const { repository, icon } = JSON.parse(manifest.toString('utf8'));
    if (!repository) problems.push('package.json has no repository');
    if (!icon) problems.push('package.json names no icon');
    else if (!has(posix.join('extension', icon))) problems.push(`package.json names the icon ${icon}, which is not in the package`);
  }
  return problems;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const file = process.argv[2] ?? 'kubeassist.vsix';
  const problems = vsixProblems(zipEntries(file));
  for (const problem of problems) console.error(`${file}: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
