/**
 * The layers panel in the side panel: per layer its clip (same bone count), weight, speed,
 * blend mode, mask (presets, typed ranges, a tick per bone with its name) and order; the meshes
 * attached to bones (mesh, bone, offset); saving and opening a mix file. `render` shows a
 * LayersPanelState (layersPanelState.ts) and nothing else: the widgets say what the model mixes.
 * The markup is rebuilt only when the layers, attachments or choices change; values are set in
 * place otherwise (never in the field being edited).
 */
import { formatDecimals } from '../../../formats/numberText';
import type { ValueElement } from '../dom';
import type { AttachmentView, LayersPanelState, LayerView } from './layersPanelState';
import type { MaskPreset } from './layersModel';

export interface LayersPanelEvents {
  addLayer(): void;
  chooseClip(id: number, uri: string): void;
  removeLayer(id: number): void;
  moveLayer(id: number, delta: number): void;
  setLayer(id: number, settings: { weight?: number; speed?: number; additive?: boolean }): void;
  maskBones(id: number, bones: number[]): void;
  maskRanges(id: number, text: string): void;
  maskPreset(id: number, preset: MaskPreset): void;
  attach(mesh: string, bone: number): void;
  /** The mesh list is wanted (asked of the host once). */
  wantMeshes(): void;
  setAttachment(id: number, change: { bone?: number; position?: [number, number, number]; rotation?: [number, number, number]; scale?: number }): void;
  detach(id: number): void;
  saveMix(): void;
  openMix(): void;
}

type Checkable = HTMLElement & { checked: boolean };

const escape = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const options = (items: { value: string; label: string }[], chosen: string): string =>
  items.map((o) => `<vscode-option value="${escape(o.value)}"${o.value === chosen ? ' selected' : ''}>${escape(o.label)}</vscode-option>`).join('');

export class LayersPanel {
  private shownKey = '';

  constructor(private readonly root: HTMLElement, private readonly events: LayersPanelEvents) {
    root.addEventListener('click', (e) => this.clicked(e));
    // Capture: vscode-single-select's and vscode-textfield's change events do not bubble.
    root.addEventListener('change', (e) => this.changed(e.target as HTMLElement), true);
    root.addEventListener('input', (e) => {
      const target = e.target as HTMLInputElement;
      const id = this.idOf(target);
      if (target.dataset.field === 'weight' && id !== undefined) events.setLayer(id, { weight: Number(target.value) });
    });
    root.addEventListener('focusin', (e) => { if ((e.target as HTMLElement).dataset.field === 'mesh') events.wantMeshes(); });
  }

  render(state: LayersPanelState): void {
    this.root.hidden = false;
    const key = JSON.stringify([state.layersVisible, state.layers.map((l) => [l.id, l.uri, l.loading]), state.clipChoices, state.bones, state.presetsUnavailable, state.attachments.map((a) => [a.id, a.name, a.loading]), state.meshChoices]);
    if (key !== this.shownKey) {
      this.shownKey = key;
      this.root.innerHTML = this.markup(state);
    }
    for (const layer of state.layers) this.showLayer(layer);
    for (const attachment of state.attachments) this.showAttachment(attachment);
    this.root.dataset.layers = state.layers.map((l) => `${l.layer}:${l.name}:${formatDecimals(l.weight, 3)}:${l.maskText}`).join('|');
  }

  private markup(state: LayersPanelState): string {
    const bones = state.bones.map((label, b) => ({ value: String(b), label: `${b}: ${label}` }));
    const layers = state.layersVisible ? `
      <h3>Layers</h3>
      <div class="note">Over the clips above, in order: the last is on top. Clips of the same bone count.</div>
      ${state.layers.map((l) => this.layerMarkup(l, state)).join('')}
      <div class="row">
        <vscode-button data-act="add-layer" secondary title="A new layer on top of the others">Add layer</vscode-button>
        <vscode-button data-act="save-mix" secondary title="Save the clips, weights, masks and attachments as a .mix.json">Save mix...</vscode-button>
        <vscode-button data-act="open-mix" secondary title="Open a .mix.json saved before">Open mix...</vscode-button>
      </div>` : '';
    return `${layers}
      <h3>Attached meshes</h3>
      ${state.attachments.map((a) => `
        <div class="attachment" data-id="${a.id}">
          <div class="row"><span class="name">${escape(a.name)}${a.loading ? ' (loading...)' : ''}</span>
            <vscode-button data-act="detach" secondary title="Remove this attachment">Remove</vscode-button></div>
          <div class="row">Bone <vscode-single-select data-field="bone" aria-label="Bone it follows">${options(bones, String(a.bone))}</vscode-single-select></div>
          <div class="row">Offset ${[0, 1, 2].map((k) => `<vscode-textfield type="number" step="0.05" data-field="position" data-k="${k}" aria-label="Offset ${'xyz'[k]}" title="Offset along the bone's ${'xyz'[k]}"></vscode-textfield>`).join('')}</div>
          <div class="row">Turn ${[0, 1, 2].map((k) => `<vscode-textfield type="number" step="15" data-field="rotation" data-k="${k}" aria-label="Turn about ${'xyz'[k]} (degrees)" title="Degrees about ${'xyz'[k]} (Euler XYZ)"></vscode-textfield>`).join('')}</div>
          <div class="row">Scale <vscode-textfield type="number" min="0.001" step="0.05" data-field="scale" aria-label="Scale"></vscode-textfield></div>
        </div>`).join('')}
      <div class="row attach">
        <vscode-single-select data-field="mesh" aria-label="Mesh to attach">${options(state.meshChoices.map((m) => ({ value: m.uri, label: m.name })), state.meshChoices[0]?.uri ?? '')}</vscode-single-select>
        <vscode-single-select data-field="attach-bone" aria-label="Bone to attach to">${options(bones, '0')}</vscode-single-select>
        <vscode-button data-act="attach" secondary title="Attach the mesh to the bone: it follows the bone in every mode">Attach</vscode-button>
      </div>`;
  }

  private layerMarkup(l: LayerView, state: LayersPanelState): string {
    const clips = [{ value: '', label: 'Pick a clip' }, ...state.clipChoices.map((c) => ({ value: c.uri, label: c.name }))];
    const presets = [{ value: 'all', label: 'All bones' }, ...(state.presetsUnavailable ? [] : [{ value: 'upper', label: 'Upper body' }, { value: 'lower', label: 'Lower body' }]), { value: 'custom', label: 'Custom' }];
    return `
      <div class="layer" data-id="${l.id}">
        <div class="row"><span class="name">Layer ${l.layer}${l.loading ? ' (loading...)' : ''}</span>
          <vscode-button data-act="down" secondary title="One layer down"${l.canMoveDown ? '' : ' disabled'}>Down</vscode-button>
          <vscode-button data-act="up" secondary title="One layer up"${l.canMoveUp ? '' : ' disabled'}>Up</vscode-button>
          <vscode-button data-act="remove" secondary title="Remove this layer">Remove</vscode-button></div>
        <vscode-single-select data-field="clip" aria-label="Clip of layer ${l.layer}">${options(clips, l.uri)}</vscode-single-select>
        <div class="row">Weight <input type="range" min="0" max="1" step="0.01" data-field="weight" aria-label="Weight of layer ${l.layer}"><span data-show="weight"></span></div>
        <div class="row">Speed <vscode-textfield type="number" step="0.25" data-field="speed" aria-label="Speed of layer ${l.layer}"></vscode-textfield> x
          <vscode-checkbox data-field="additive" title="Add the clip's change since its first frame instead of replacing">Additive</vscode-checkbox></div>
        <div class="row">Mask <vscode-single-select data-field="preset" aria-label="Mask preset"${state.presetsUnavailable ? ` title="Upper/lower body: ${escape(state.presetsUnavailable)}"` : ''}>${options(presets, '')}</vscode-single-select>
          <vscode-textfield class="ranges" data-field="ranges" placeholder="0-5, 8" aria-label="Bones of the mask, as ranges" title="Bones as indices and ranges (0-5, 8); Enter applies"></vscode-textfield></div>
        <details><summary data-show="mask"></summary><div class="bones">${state.bones.map((label, b) => `<vscode-checkbox data-field="bone-tick" data-bone="${b}">${escape(`${b}: ${label}`)}</vscode-checkbox>`).join('')}</div></details>
      </div>`;
  }

  private showLayer(l: LayerView): void {
    const element = this.root.querySelector<HTMLElement>(`.layer[data-id="${l.id}"]`);
    if (!element) return;
    this.setValue(element.querySelector<HTMLInputElement>('[data-field="weight"]'), String(l.weight));
    element.querySelector('[data-show="weight"]')!.textContent = formatDecimals(l.weight, 2);
    this.setValue(element.querySelector<ValueElement>('[data-field="speed"]'), String(l.speed));
    const additive = element.querySelector<Checkable>('[data-field="additive"]');
    if (additive && additive.checked !== l.additive) additive.checked = l.additive;
    element.querySelector('[data-show="mask"]')!.textContent = `Mask: ${l.maskText}`;
    this.setValue(element.querySelector<ValueElement>('[data-field="preset"]'), l.preset);
    this.setValue(element.querySelector<ValueElement>('[data-field="ranges"]'), l.maskRanges);
    element.querySelectorAll<Checkable>('[data-field="bone-tick"]').forEach((box) => {
      const on = l.maskBones[Number(box.dataset.bone)];
      if (box.checked !== on) box.checked = on;
    });
  }

  private showAttachment(a: AttachmentView): void {
    const element = this.root.querySelector<HTMLElement>(`.attachment[data-id="${a.id}"]`);
    if (!element) return;
    this.setValue(element.querySelector<ValueElement>('[data-field="bone"]'), String(a.bone));
    element.querySelectorAll<ValueElement>('[data-field="position"]').forEach((f) => this.setValue(f, String(a.position[Number(f.dataset.k)])));
    element.querySelectorAll<ValueElement>('[data-field="rotation"]').forEach((f) => this.setValue(f, String(a.rotation[Number(f.dataset.k)])));
    this.setValue(element.querySelector<ValueElement>('[data-field="scale"]'), String(a.scale));
  }

  /** Sets a field's value unless the user is editing it. */
  private setValue(field: { value: string } & Element | null, value: string): void {
    if (field && field.value !== value && !field.contains(document.activeElement) && document.activeElement !== field) field.value = value;
  }

  private idOf(element: HTMLElement): number | undefined {
    const holder = element.closest<HTMLElement>('[data-id]');
    return holder ? Number(holder.dataset.id) : undefined;
  }

  private clicked(event: Event): void {
    const button = (event.target as HTMLElement).closest<HTMLElement>('[data-act]');
    if (!button || button.hasAttribute('disabled')) return;
    const id = this.idOf(button);
    const events = this.events;
    switch (button.dataset.act) {
      case 'add-layer': events.addLayer(); break;
      case 'save-mix': events.saveMix(); break;
      case 'open-mix': events.openMix(); break;
      case 'up': if (id !== undefined) events.moveLayer(id, 1); break;
      case 'down': if (id !== undefined) events.moveLayer(id, -1); break;
      case 'remove': if (id !== undefined) events.removeLayer(id); break;
      case 'detach': if (id !== undefined) events.detach(id); break;
      case 'attach': {
        const mesh = this.root.querySelector<ValueElement>('[data-field="mesh"]')?.value;
        const bone = Number(this.root.querySelector<ValueElement>('[data-field="attach-bone"]')?.value ?? 0);
        if (mesh) events.attach(mesh, bone);
        break;
      }
    }
  }

  private changed(target: HTMLElement): void {
    const id = this.idOf(target);
    if (id === undefined) return;
    const events = this.events;
    const value = (target as ValueElement).value;
    switch (target.dataset.field) {
      case 'clip': if (value) events.chooseClip(id, value); break;
      case 'speed': events.setLayer(id, { speed: Number(value) }); break;
      case 'additive': events.setLayer(id, { additive: (target as Checkable).checked }); break;
      case 'preset': if (value !== 'custom') events.maskPreset(id, value as MaskPreset); break;
      case 'ranges': events.maskRanges(id, value); break;
      case 'bone-tick': {
        const ticks = [...target.closest('.bones')!.querySelectorAll<Checkable>('[data-field="bone-tick"]')];
        events.maskBones(id, ticks.filter((t) => t.checked).map((t) => Number(t.dataset.bone)));
        break;
      }
      case 'bone': events.setAttachment(id, { bone: Number(value) }); break;
      case 'position': case 'rotation': {
        const fields = [...target.parentElement!.querySelectorAll<ValueElement>(`[data-field="${target.dataset.field}"]`)];
        const xyz = fields.map((f) => Number(f.value)) as [number, number, number];
        events.setAttachment(id, target.dataset.field === 'position' ? { position: xyz } : { rotation: xyz });
        break;
      }
      case 'scale': events.setAttachment(id, { scale: Number(value) }); break;
    }
  }
}
