/**
 * The ghost (Compare Clips: A solid, B ghost) in the preview's model: B drawn at the frame A
 * shows, its selected bone highlighted, nothing drawn where B has no such frame or in mixer mode,
 * a note where B lacks the selected bone, the legend's toggle; the lines: B's joints through the
 * same decode as A's, and for the one bone that moved B's axes and a link from A's joint to B's.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PreviewFile } from '../../../protocol/preview';
import { GRID_VERTEX_FLOATS } from '../../../webview/preview/grid';
import { GHOST_MARKER_VERTICES } from '../../../webview/preview/ghost/ghostLines';
import { JOINT_EDGES } from '../../../webview/preview/gizmos';
import { PreviewModel } from '../../../webview/preview/model/previewModel';
import { themePalette } from '../../../webview/preview/theme';
import { basePose, planted, writeClip } from '../diff/clipBuilder';

const file = (name: string, bytes: Uint8Array): PreviewFile => ({ uri: `file:///pack/${name}`, name, bytes });
/** A: 4 bones x 10 frames. B: 3 bones x 6 frames, bone 1 moved 0.5 along z at frame 2. */
const clipA = writeClip(4, 10, basePose);
const clipB = writeClip(3, 6, planted(basePose, 2, 1, (t) => ({ ...t, position: [t.position[0], t.position[1], t.position[2] + 0.5] })));
const VIEW = { gizmoLength: 1, palette: themePalette([0.12, 0.12, 0.12], [0.8, 0.8, 0.8]) };

function ghosted(): PreviewModel {
  const model = new PreviewModel(() => undefined, { later: () => undefined });
  model.load({ type: 'load', clip: file('walk.nczxanim', clipA), frameRate: 30, keepState: false });
  model.handle({ type: 'ghost', ghost: { file: file('walk-head.nczxanim', clipB), label: 'B: walk (HEAD)' } });
  return model;
}

/** The line vertices of `lines` in `color`, as rounded x y z. */
function vertices(lines: Float32Array, color: readonly number[]): string[] {
  const out: string[] = [];
  for (let o = 0; o < lines.length; o += GRID_VERTEX_FLOATS) {
    if ([0, 1, 2].every((k) => Math.abs(lines[o + 3 + k] - color[k]) < 1e-6)) out.push([0, 1, 2].map((k) => lines[o + k].toFixed(2)).join(' '));
  }
  return out;
}

describe('the ghost clip', () => {
  it('shows the frame A shows, with the bone selected in A highlighted', () => {
    const model = ghosted();
    model.seek(2);
    model.selection.select(1);
    const view = model.ghostView();
    assert.ok(view?.drawn);
    assert.deepEqual([view.request.frame, view.selectedBone, view.bones, view.note], [2, 1, 3, undefined]);
    assert.equal(model.ghost.legend(view), 'A solid · B ghost (B: walk (HEAD))');
  });

  it('draws B where B has the bone but highlights nothing, and says so, when B lacks the selected bone', () => {
    const model = ghosted();
    model.seek(2);
    model.selection.select(3);
    const view = model.ghostView();
    assert.ok(view?.drawn);
    assert.equal(view.selectedBone, -1);
    assert.equal(model.ghost.legend(view), 'A solid · B ghost (B: walk (HEAD)): B has no bone 3 (3 bones)');
  });

  it('draws nothing past B\'s last frame, and says why', () => {
    const model = ghosted();
    model.seek(8);
    assert.deepEqual(model.ghostView(), { drawn: false, reason: 'B has no frame 8 (6 frames)' });
    assert.equal(model.overlayLines(model.pose(), VIEW), undefined, 'no lines');
  });

  it('blends towards the next frame only where B has it', () => {
    const model = ghosted();
    const inside = model.ghost.view({ frame: 4, nextFrame: 5, blend: 0.5, blended: true }, 'blended', -1);
    const atEnd = model.ghost.view({ frame: 5, nextFrame: 6, blend: 0.5, blended: true }, 'blended', -1);
    assert.ok(inside?.drawn && atEnd?.drawn);
    assert.deepEqual(inside.request, { frame: 4, nextFrame: 5, blend: 0.5, blended: true });
    assert.deepEqual(atEnd.request, { frame: 5, nextFrame: 5, blend: 0, blended: false });
  });

  it('is hidden by the legend\'s toggle and in mixer mode', () => {
    const model = ghosted();
    model.ghost.setShown(false);
    assert.deepEqual(model.ghostView(), { drawn: false, reason: 'hidden' });
    assert.equal(model.ghost.legend(model.ghostView()), 'A solid · B ghost (B: walk (HEAD))');
    model.ghost.setShown(true);
    model.setMode('mixer');
    assert.deepEqual(model.ghostView(), { drawn: false, reason: 'not drawn in mixer mode' });
  });

  it('draws B\'s 3 joints in the ghost colour, and for bone 1, moved 0.5 along z, its axes and a link from A\'s joint', () => {
    const model = ghosted();
    model.seek(2);
    const lines = model.overlayLines(model.pose(), VIEW)!;
    const ghost = vertices(lines, VIEW.palette.ghost);
    const joints = 3 * GHOST_MARKER_VERTICES;
    assert.equal(ghost.length, joints + 6 + 2);
    // basePose turns bone 1 at frame 2 by 20° about y: its x axis tips towards -z, z towards +x.
    const [cos, sin] = [Math.cos(Math.PI / 9), Math.sin(Math.PI / 9)];
    assert.deepEqual(ghost.slice(joints), [
      '1.00 0.20 0.50', `${(1 + cos).toFixed(2)} 0.20 ${(0.5 - sin).toFixed(2)}`,
      '1.00 0.20 0.50', '1.00 1.20 0.50',
      '1.00 0.20 0.50', `${(1 + sin).toFixed(2)} 0.20 ${(0.5 + cos).toFixed(2)}`,
      '1.00 0.20 0.00', '1.00 0.20 0.50',
    ]);
    model.seek(1);
    assert.equal(vertices(model.overlayLines(model.pose(), VIEW)!, VIEW.palette.ghost).length, joints, 'frame 1: the same pose, joints only');
  });

  it('keeps every marker of B in the full ghost colour when a bone is selected, the selected one with a larger third shell', () => {
    const model = ghosted();
    model.seek(1);
    model.selection.select(1);
    const lines = model.overlayLines(model.pose(), VIEW)!;
    const ghost = vertices(lines, VIEW.palette.ghost);
    // Nothing of B is drawn in another colour (A's markers dim to 55% then; B's would be lost).
    assert.equal(ghost.length * GRID_VERTEX_FLOATS, lines.length);
    assert.equal(ghost.length, 3 * GHOST_MARKER_VERTICES + JOINT_EDGES.length);
    // Bone 1's joint is at (1, 0.1, 0) at frame 1: its markers reach 1.5, 1.8 and 2.4 joint radii (0.15) along x.
    const onBone1XAxis = ghost.map((v) => v.split(' ').map(Number)).filter(([x, y, z]) => y === 0.1 && z === 0 && Math.abs(x - 1) > 0 && Math.abs(x - 1) < 0.5);
    const reach = [...new Set(onBone1XAxis.map(([x]) => x.toFixed(2)))].sort();
    assert.deepEqual(reach, ['0.64', '0.73', '0.77', '1.23', '1.27', '1.36']);
  });

  it('goes away when the host sends none, and a clip that cannot be drawn is a notice', () => {
    const model = ghosted();
    model.handle({ type: 'ghost' });
    assert.equal(model.ghostView(), undefined);
    assert.equal(model.ghost.legend(model.ghostView()), '');
    model.handle({ type: 'ghost', ghost: { file: file('cut.nczxanim', clipB.subarray(0, 40)), label: 'B' } });
    assert.equal(model.ghost.clip, undefined);
    assert.match(model.notices.join('\n'), /^Ghost B: cut\.nczxanim is 40 bytes but 3 bones x 6 frames need \d+: truncated\.$/m);
  });
});
