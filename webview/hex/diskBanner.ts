/**
 * The file on disk is newer than (or gone from under) the editor: what changed and when, and
 * the choices. Reload goes through VS Code's revert; Keep mine keeps the edits over that version.
 */
import type { DiskNotice } from '../../protocol/hexEditor';

const ACTION_TEXT: Record<DiskNotice['actions'][number], string> = {
  reload: 'Reload from disk (discard my edits)',
  keepMine: 'Keep mine',
};

export class DiskBanner {
  private readonly message: HTMLElement;
  private readonly buttons: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    onAction: (action: DiskNotice['actions'][number]) => void,
  ) {
    root.setAttribute('role', 'alert');
    this.message = document.createElement('span');
    this.message.className = 'disk-message';
    this.buttons = document.createElement('span');
    this.buttons.className = 'disk-actions';
    root.append(this.message, this.buttons);
    root.hidden = true;
    this.buttons.addEventListener('click', (event) => {
      const action = (event.target as HTMLElement).closest('[data-action]')?.getAttribute('data-action');
      if (action === 'reload' || action === 'keepMine') onAction(action);
    });
  }

  show(notice: DiskNotice | undefined): void {
    this.root.hidden = !notice;
    this.root.dataset.status = notice?.status ?? '';
    this.message.textContent = notice?.message ?? '';
    this.buttons.replaceChildren(
      ...(notice?.actions ?? []).map((action) => {
        const button = document.createElement('vscode-button');
        button.id = `disk-${action}`;
        button.dataset.action = action;
        if (action === 'keepMine') button.setAttribute('secondary', '');
        button.textContent = ACTION_TEXT[action];
        return button;
      }),
    );
  }
}
