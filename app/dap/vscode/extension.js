// Starts warpscope-dap for `warpscope` debug sessions: the server is the
// executable named by the warpscope.serverPath setting, spoken to over stdio.
'use strict';
const vscode = require('vscode');

class Factory {
  createDebugAdapterDescriptor() {
    const server = vscode.workspace.getConfiguration('warpscope').get('serverPath') || 'warpscope-dap';
    return new vscode.DebugAdapterExecutable(server, ['--stdio']);
  }
}

class Provider {
  // F5 with no launch.json: debug the open scenario or PTX file.
  resolveDebugConfiguration(folder, config) {
    if (!config.type && !config.request && !config.name) {
      const editor = vscode.window.activeTextEditor;
      if (editor && /\.(toml|ptx)$/.test(editor.document.fileName)) {
        return {type: 'warpscope', request: 'launch', name: 'warpscope', program: editor.document.fileName, stopOnEntry: true};
      }
    }
    if (!config.program) {
      return vscode.window.showInformationMessage('warpscope: set "program" to a scenario (.toml) or a PTX file').then(() => undefined);
    }
    return config;
  }
}

function activate(context) {
  context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory('warpscope', new Factory()));
  context.subscriptions.push(vscode.debug.registerDebugConfigurationProvider('warpscope', new Provider()));
}

function deactivate() {}

module.exports = {activate, deactivate};
