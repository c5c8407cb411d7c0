/**
 * The preview's banner names `anim/local-space` when the clip it shows with its skeleton reads as
 * local-space joint transforms against the skeleton's bind pose: Fox.glb's animation exported with
 * `space: 'local'` gets the line, its model-space twin (the exporter's default) gets none.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { exportAnimationBytes, exportSkeleton, readGltfBytes } from '../../../formats/gltf';
import { PreviewModel } from '../../../webview/preview/model/previewModel';

const FOX = 'test/fixtures/gltf/Fox/Fox.glb';

async function modelShowing(space: 'local' | 'model'): Promise<PreviewModel> {
  const document = await readGltfBytes(new Uint8Array(readFileSync(FOX)), {});
  const clip = exportAnimationBytes(document, { animation: 0, frameRate: 30, space }).bytes;
  const skeleton = exportSkeleton(document).bytes;
  const model = new PreviewModel(() => undefined, { later: () => undefined });
  assert.equal(model.load({
    type: 'load', frameRate: 30, keepState: false,
    clip: { uri: 'file:///fox/Fox.Survey.nczxanim', name: 'Fox.Survey.nczxanim', bytes: clip },
    skeleton: { uri: 'file:///fox/Fox.nczxskel', name: 'Fox.nczxskel', bytes: skeleton },
  }), 'fresh');
  return model;
}

describe('the preview banner\'s anim/local-space notice', () => {
  it('a local-space export of Fox.glb shown with its skeleton gets the anim/local-space line', async () => {
    const notices = (await modelShowing('local')).notices.filter((n) => n.startsWith('anim/local-space'));
    assert.equal(notices.length, 1);
    assert.match(notices[0], /^anim\/local-space: the clip looks like local-space joint transforms: only \d+ of its \d+ joints stay attached to another bone of the skeleton's bind pose in \d+ sampled frames\. keyframe_bind draws clip transforms as model space/);
  });

  it('its model-space twin gets no such line', async () => {
    assert.deepEqual((await modelShowing('model')).notices.filter((n) => n.includes('local-space')), []);
  });
});
