-- Neovim as vottur lsp's client, headless: attach the server to the open buffer, wait for its
-- diagnostics, apply the quick fix for one rule, wait for that diagnostic to clear, save, and
-- write what happened to $VOTTUR_NVIM_RESULT as JSON. Written for Neovim 0.7 (Debian 12's):
-- `vim.lsp.start_client` + `buf_attach_client` (0.8 adds `vim.lsp.start`, 0.11 `vim.lsp.config`).
local result_file = os.getenv('VOTTUR_NVIM_RESULT')
local rule = os.getenv('VOTTUR_NVIM_RULE')
local result = { steps = {} }

local function finish()
  local out = io.open(result_file, 'w')
  out:write(vim.fn.json_encode(result))
  out:close()
  vim.cmd('qall!')
end

local ok, err = pcall(function()
  local bufnr = vim.api.nvim_get_current_buf()
  local published = {}
  local client_id = vim.lsp.start_client({
    name = 'vottur',
    cmd = { os.getenv('VOTTUR_NODE'), os.getenv('VOTTUR_CLI'), 'lsp', '--stdio' },
    root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p:h'),
    handlers = {
      ['textDocument/publishDiagnostics'] = function(e, params, ctx, config)
        published = params.diagnostics
        vim.lsp.diagnostic.on_publish_diagnostics(e, params, ctx, config)
      end,
    },
  })
  vim.lsp.buf_attach_client(bufnr, client_id)
  local function with_rule()
    for _, d in ipairs(published) do
      if d.code == rule then return d end
    end
    return nil
  end
  if not vim.wait(30000, function() return with_rule() ~= nil end, 50) then
    error('no ' .. rule .. ' diagnostic within 30 s')
  end
  table.insert(result.steps, 'diagnostics')
  result.before = #vim.diagnostic.get(bufnr)
  local diagnostic = with_rule()
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = diagnostic.range,
    context = { diagnostics = { diagnostic } },
  }, 30000)
  local chosen
  result.titles = {}
  for _, response in pairs(responses or {}) do
    for _, action in ipairs(response.result or {}) do
      table.insert(result.titles, action.title)
      if chosen == nil and action.edit ~= nil and not action.title:match('^Suppress') then chosen = action end
    end
  end
  if chosen == nil then error('no quick fix offered') end
  result.applied = chosen.title
  vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
  table.insert(result.steps, 'applied')
  if not vim.wait(30000, function() return with_rule() == nil end, 50) then
    error(rule .. ' still reported after the fix')
  end
  table.insert(result.steps, 'cleared')
  vim.cmd('write')
  result.after = #vim.diagnostic.get(bufnr)
end)
if not ok then result.error = tostring(err) end
finish()
