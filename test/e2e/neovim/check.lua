-- KubeAssist under headless Neovim (Debian 12: 0.7.2), configured with the README's snippet
-- (kubeassist.lua beside this file); the code-server checks without the UI.
-- Run by scripts/e2e/run.sh: KUBEASSIST_SERVER=dist/server.js E2E_FIXTURES=test/e2e/fixtures nvim --headless --clean -c 'luafile check.lua'
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local fixtures = assert(os.getenv('E2E_FIXTURES'), 'E2E_FIXTURES unset')
local passed, failed = 0, 0

local function out(text) io.stdout:write(text .. '\n') end
local function check(ok, what)
  if ok then passed = passed + 1; out('ok   - ' .. what) else failed = failed + 1; out('FAIL - ' .. what) end
end
local function finish()
  out(string.format('%d passed, %d failed', passed, failed))
  io.stdout:flush()
  vim.cmd(failed > 0 and 'cquit 1' or 'qall!')
end

-- Which documents the server published diagnostics for, empty lists included.
local published = {}
local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  published[result.uri] = (published[result.uri] or 0) + 1
  return publish(err, result, ctx, config)
end

local v = vim.version()
out(string.format('nvim %d.%d.%d', v.major, v.minor, v.patch))
vim.cmd('filetype on')
dofile(here .. '/kubeassist.lua')

-- Opens a fixture (the FileType autocommand attaches the server) and waits for its first diagnostics.
local function open(name)
  vim.cmd('edit! ' .. vim.fn.fnameescape(fixtures .. '/' .. name))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  local got = vim.wait(15000, function() return (published[uri] or 0) > 0 end, 20)
  check(got, name .. ': diagnostics published')
  return buf
end
local function request(buf, method, params)
  local responses = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
  for _, response in pairs(responses) do
    if response.err then out('  ' .. method .. ' error: ' .. vim.inspect(response.err)) end
    if response.result then return response.result end
  end
end
local function find_line(buf, pattern)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(pattern)
    if col then return i - 1, col - 1 end
  end
  error('no line matches ' .. pattern)
end

local ok, err = pcall(function()
  -- 1. a cross-field mistake
  local buf = open('job-pod-failure-policy.yaml')
  local line = find_line(buf, 'restartPolicy: OnFailure')
  local diagnostics = vim.diagnostic.get(buf)
  for _, d in ipairs(diagnostics) do out(string.format('  diagnostic %d:%d %s %s', d.lnum + 1, d.col + 1, tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)), d.message)) end
  local rule = vim.tbl_filter(function(d)
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    return code == 'job/pod-failure-policy/restart-policy-must-be-never' and d.lnum == line and d.severity == vim.diagnostic.severity.ERROR
  end, diagnostics)
  check(#diagnostics == 1 and #rule == 1, 'error job/pod-failure-policy/restart-policy-must-be-never on the restartPolicy line, nothing else')

  -- 2. nothing on a valid Job + CSIDriver, nor on a file that is not Kubernetes
  buf = open('job-valid.yaml')
  check(#vim.diagnostic.get(buf) == 0, 'job-valid.yaml: no diagnostics')
  local other = open('not-kubernetes.yaml')
  check(#vim.diagnostic.get(other) == 0, 'not-kubernetes.yaml: no diagnostics')

  -- 3. hover on a key
  local row, col = find_line(buf, 'backoffLimit')
  local hover = request(buf, 'textDocument/hover', { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = row, character = col + 2 } })
  local text = hover and (hover.contents.value or vim.inspect(hover.contents)) or ''
  out('  hover: ' .. text:gsub('\n', ' '):sub(1, 160))
  check(text:find('backoffLimit', 1, true) and text:lower():find('fail', 1, true), 'hover on backoffLimit shows its summary')

  -- 4. completion after `completionMode: ` (typed into the buffer: didChange)
  vim.api.nvim_buf_set_lines(buf, row + 1, row + 1, false, { '  completionMode: ' })
  local completion = request(buf, 'textDocument/completion', { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = row + 1, character = 18 } })
  local labels = vim.tbl_map(function(item) return item.label end, completion and (completion.items or completion) or {})
  out('  completion: ' .. table.concat(labels, ', '))
  check(vim.tbl_contains(labels, 'NonIndexed') and vim.tbl_contains(labels, 'Indexed'), 'completion after `completionMode: ` offers NonIndexed and Indexed')

  -- 5. a quick fix: `completionMode: indexed` -> `Indexed`
  buf = open('job-completion-mode.yaml')
  row = find_line(buf, 'completionMode: indexed')
  local enum = vim.tbl_filter(function(d) return d.lnum == row end, vim.diagnostic.get(buf))
  check(#enum == 1, 'schema error on `completionMode: indexed` (schemaDiagnostics auto reports it without Red Hat YAML)')
  -- what `:lua vim.lsp.buf.code_action()` sends in 0.7: the cursor's range and the line's diagnostics
  vim.api.nvim_win_set_cursor(0, { row + 1, 18 })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, row), only = { 'quickfix' } }
  local actions = request(buf, 'textDocument/codeAction', params) or {}
  out('  code actions: ' .. table.concat(vim.tbl_map(function(a) return a.title end, actions), ' | '))
  local fix = vim.tbl_filter(function(a) return a.title:find('`Indexed`', 1, true) end, actions)[1]
  if fix and not fix.edit then fix = request(buf, 'codeAction/resolve', fix) end -- 0.7 offers resolveSupport
  if fix and fix.edit then vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16') end
  local fixed = vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1]
  out('  line after the fix: ' .. fixed)
  check(fixed == '  completionMode: Indexed', 'quick fix changes `completionMode: indexed` to `Indexed`')

  -- 6. explain: the README's :KubeassistExplain (explain.lua) opens what the Job will do in a Markdown split
  dofile(here .. '/explain.lua')
  buf = open('job-valid.yaml')
  vim.api.nvim_win_set_cursor(0, { find_line(buf, 'kind: Job') + 1, 0 })
  vim.cmd('KubeassistExplain')
  local split = vim.wait(15000, function() return vim.api.nvim_get_current_buf() ~= buf end, 20)
  local explained = table.concat(vim.api.nvim_buf_get_lines(0, 0, 6, false), '\n')
  out('  explanation: ' .. explained:gsub('\n', ' | '))
  check(split and vim.bo.filetype == 'markdown' and explained:find('## Job `pi`', 1, true) and explained:find('fails after 5 failed Pods', 1, true),
    ':KubeassistExplain opens "## Job `pi`" and what it will do in a Markdown split')

  -- 7. code lenses: the server offers codeLens/resolve, but Neovim does not say it resolves lenses (no
  -- textDocument.codeLens.resolveSupport), so each lens comes with its command (0.7 would resolve one without).
  vim.api.nvim_set_current_buf(buf)
  local answered
  local on_codelens = vim.lsp.codelens.on_codelens -- what refresh() hands the answer to
  vim.lsp.codelens.on_codelens = function(err, result, ctx, config)
    answered = vim.tbl_map(function(lens) return lens.command ~= nil end, result or {})
    return on_codelens(err, result, ctx, config)
  end
  vim.lsp.codelens.refresh()
  local shown = vim.wait(15000, function() return #vim.lsp.codelens.get(buf) >= 3 end, 20)
  local lenses = vim.lsp.codelens.get(buf)
  local titles = vim.tbl_map(function(lens) return string.format('%d %s', lens.range.start.line, lens.command and lens.command.title or '(unresolved)') end, lenses)
  out('  code lenses: ' .. table.concat(titles, ' | '))
  local job_line = find_line(buf, 'kind: Job') - 1
  local driver_line = find_line(buf, 'kind: CSIDriver') - 1
  check(shown and table.concat(titles, ' | ') == string.format('%d Explain | %d Simulate… | %d Explain', job_line, job_line, driver_line)
    and lenses[1].command.command == 'kubeassist.explain' and lenses[1].command.arguments[1].name == 'pi'
    and answered and #answered == 3 and not vim.tbl_contains(answered, false),
    'code lenses Explain and Simulate… above the Job, Explain above the CSIDriver, each with its command in the answer')
end)
if not ok then failed = failed + 1; out('FAIL - error: ' .. tostring(err)) end
finish()
