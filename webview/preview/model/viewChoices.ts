/**
 * How the clip preview draws: the bone-count rule, and the parts shown (mesh, wireframe, bones,
 * axes, grid) with the axes' default, which follows the mesh (shown without one) until the user
 * chooses. No DOM.
 */
import type { BindRule } from '../../../formats/keyframeBind';
import type { Visibility } from '../renderer';
import { DEFAULT_VISIBILITY } from '../viewState';

export class ViewChoices {
  rule: BindRule = 'console';
  show: Visibility = { ...DEFAULT_VISIBILITY };
  private axesChosen = false;

  /** The user shows or hides a part. */
  set(what: keyof Visibility, visible: boolean): void {
    if (what === 'axes') this.axesChosen = true;
    this.show = { ...this.show, [what]: visible };
  }

  /** A new scene (not a reload): the axes show where there is no mesh, unless the user chose. */
  freshScene(hasMesh: boolean): void {
    if (!this.axesChosen) this.show = { ...this.show, axes: !hasMesh };
  }
}
