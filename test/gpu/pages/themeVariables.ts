/** A few of VS Code's theme variables (default dark and light themes), so the preview page looks as in a webview. */
export const THEME_VARIABLES: Record<'dark' | 'light', Record<string, string>> = {
  dark: {
    '--vscode-foreground': '#cccccc', '--vscode-editor-background': '#1f1f1f', '--vscode-panel-border': '#2b2b2b',
    '--vscode-button-background': '#0078d4', '--vscode-button-foreground': '#ffffff', '--vscode-list-hoverBackground': '#2a2d2e',
    '--vscode-list-activeSelectionBackground': '#04395e', '--vscode-list-activeSelectionForeground': '#ffffff',
    '--vscode-inputValidation-warningBackground': '#352a05', '--vscode-inputValidation-warningBorder': '#b89500',
    '--vscode-font-family': 'sans-serif', '--vscode-font-size': '13px', '--vscode-editor-font-family': 'monospace', '--vscode-focusBorder': '#0078d4',
  },
  light: {
    '--vscode-foreground': '#3b3b3b', '--vscode-editor-background': '#ffffff', '--vscode-panel-border': '#e5e5e5',
    '--vscode-button-background': '#005fb8', '--vscode-button-foreground': '#ffffff', '--vscode-list-hoverBackground': '#f2f2f2',
    '--vscode-list-activeSelectionBackground': '#e8e8e8', '--vscode-list-activeSelectionForeground': '#000000',
    '--vscode-inputValidation-warningBackground': '#f6f5d2', '--vscode-inputValidation-warningBorder': '#b89500',
    '--vscode-font-family': 'sans-serif', '--vscode-font-size': '13px', '--vscode-editor-font-family': 'monospace', '--vscode-focusBorder': '#005fb8',
  },
};

export function applyTheme(theme: 'dark' | 'light'): void {
  for (const [name, value] of Object.entries(THEME_VARIABLES[theme])) document.documentElement.style.setProperty(name, value);
  document.body.className = theme === 'dark' ? 'vscode-dark' : 'vscode-light';
}
