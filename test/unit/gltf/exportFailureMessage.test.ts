/**
 * The export command never fails silently: what stops it is shown as an error message that
 * names the file and the cause, an FBX conversion's cause as FBX2glTF's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportFailureMessage } from '../../../client/src/gltfExport/failureMessage';
import { FbxConversionError } from '../../../node/fbx/convert';

test('an FBX conversion error names FBX2glTF and its cause', () => {
  const error = new FbxConversionError('FBX2glTF at /opt/FBX2glTF is not executable: run `chmod +x /opt/FBX2glTF`', 'converter-missing');
  assert.equal(exportFailureMessage('rig.fbx', 'read', error), 'Cannot convert rig.fbx with FBX2glTF: FBX2glTF at /opt/FBX2glTF is not executable: run `chmod +x /opt/FBX2glTF`');
});

test('a read error says the file could not be read as glTF', () => {
  assert.equal(exportFailureMessage('Fox.glb', 'read', new Error('it does not exist')), 'Cannot read Fox.glb as glTF: it does not exist');
});

test('an unexpected error later in the export is named with the step, never dropped', () => {
  assert.equal(exportFailureMessage('rig.fbx', 'export', new TypeError('Cannot read properties of undefined')), 'Export Animation from glTF failed on rig.fbx: Cannot read properties of undefined');
  assert.equal(exportFailureMessage('rig.fbx', 'export', new Error('')), 'Export Animation from glTF failed on rig.fbx: Error');
  assert.equal(exportFailureMessage('rig.fbx', 'export', undefined), 'Export Animation from glTF failed on rig.fbx: undefined');
  assert.equal(exportFailureMessage('rig.fbx', 'export', ''), 'Export Animation from glTF failed on rig.fbx: an unknown error');
});
