// dist/mcp.js: `kubeassist mcp` on its own, for the VS Code extension's MCP server definition (the package
// ships the language server and the engine, not the CLI). Arguments: [--root DIR]...
import { mcpRoots, serveMcp } from './server';

try {
  void serveMcp({ roots: mcpRoots(process.argv.slice(2)) });
} catch (error) {
  process.stderr.write(`kubeassist mcp: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
