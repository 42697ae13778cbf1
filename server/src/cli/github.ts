// `--format github`: one GitHub Actions workflow command per finding, which GitHub shows as an annotation on
// the line (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=<code>::<message>`). GitHub reads a
// command up to the end of the line and splits its properties at `,` and `::`: the message escapes `%`, CR
// and LF; property values escape `:` and `,` too (as actions/toolkit does).
import type { Finding } from './report';

const COMMAND: Record<Finding['severity'], string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/** The message of a workflow command: `%`, CR and LF escaped. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command: as a message, and `:` and `,` escaped. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One annotation; `file` as GitHub resolves it (from the repository root), absent for standard input. */
export function githubCommand(finding: Finding, file: string | undefined): string {
  const properties = [
    ...(file === undefined ? [] : [`file=${escapeProperty(file)}`]),
    `line=${finding.line}`,
    `col=${finding.column}`,
    `endLine=${finding.endLine}`,
    `endColumn=${finding.endColumn}`,
    `title=${escapeProperty(finding.code)}`,
  ];
  return `::${COMMAND[finding.severity]} ${properties.join(',')}::${escapeData(finding.message)}\n`;
}
