-- :KubeassistExplain: what the Job, CronJob or CSIDriver under the cursor will do, in a Markdown split.
vim.api.nvim_create_user_command('KubeassistExplain', function()
  local params = { uri = vim.uri_from_bufnr(0), line = vim.api.nvim_win_get_cursor(0)[1] - 1 }
  vim.lsp.buf_request(0, 'kubeassist/explain', params, function(err, result)
    if err or not result then return end
    vim.cmd('vnew')
    vim.api.nvim_buf_set_lines(0, 0, -1, false, vim.split(result.markdown, '\n'))
    vim.bo.buftype, vim.bo.filetype = 'nofile', 'markdown'
  end)
end, {})
