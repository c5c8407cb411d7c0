/**
 * Several selected bones, picked in the bone list as in VS Code's lists: a click selects one bone
 * (a click on the only selected bone clears it), Ctrl/Cmd-click adds or removes one, Shift-click
 * selects the run from the last clicked bone. The primary bone (the last one clicked, still
 * selected) is the one the other views follow: the 3D view's highlight, the readout, the hex
 * editor's selection. Other views select one bone: the set then is that bone. Pure.
 */

/** How a bone was clicked: plain, Ctrl/Cmd (toggle), Shift (range). */
export type BonePickGesture = 'only' | 'toggle' | 'range';

/** The gesture of a click with these modifier keys (Shift wins, as in VS Code's lists). */
export function pickGesture(keys: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): BonePickGesture {
  return keys.shiftKey ? 'range' : keys.ctrlKey || keys.metaKey ? 'toggle' : 'only';
}

export class BoneSelection {
  /** The bones picked with the bone list, in the order picked. */
  private picked: number[] = [];
  /** Where a Shift-click's run starts. */
  private anchor = -1;

  /** The selected bones given the primary one (`selected`, -1 for none), the primary among them. */
  bones(selected: number): readonly number[] {
    if (selected < 0) return [];
    return this.picked.includes(selected) ? this.picked : [selected];
  }

  /** Applies a click on `bone` to the selection whose primary is `selected`; returns the new primary (-1: none). */
  pick(bone: number, gesture: BonePickGesture, selected: number): number {
    const current = this.bones(selected);
    if (gesture === 'only') {
      this.picked = current.length === 1 && current[0] === bone ? [] : [bone];
      this.anchor = bone;
      return this.picked.length ? bone : -1;
    }
    if (gesture === 'toggle') {
      this.anchor = bone;
      if (current.includes(bone)) {
        this.picked = current.filter((b) => b !== bone);
        return bone === selected ? (this.picked.at(-1) ?? -1) : selected;
      }
      this.picked = [...current, bone];
      return bone;
    }
    const from = this.anchor >= 0 ? this.anchor : bone;
    const step = bone >= from ? 1 : -1;
    this.picked = Array.from({ length: Math.abs(bone - from) + 1 }, (_, i) => from + i * step);
    return bone;
  }

  /** A new clip: nothing picked. */
  clear(): void {
    this.picked = [];
    this.anchor = -1;
  }
}
