-- KubeAssist in Neovim 0.7 or later (init.lua): one server for every YAML buffer.
local kubeassist_server = vim.env.KUBEASSIST_SERVER or vim.fn.expand('~/kubeassist/dist/server.js')
local kubeassist_client
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'yaml',
  callback = function(args)
    if not (kubeassist_client and vim.lsp.get_client_by_id(kubeassist_client)) then
      kubeassist_client = vim.lsp.start_client({
        name = 'kubeassist',
        cmd = { 'node', kubeassist_server, '--stdio' },
        root_dir = vim.fn.getcwd(),
        settings = { kubeassist = { kubernetesVersion = '1.37' } },
      })
    end
    vim.lsp.buf_attach_client(args.buf, kubeassist_client)
  end,
})
