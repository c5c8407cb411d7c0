/**
 * The part of a glTF scene that decides a skin's joint transforms: its joints and every ancestor
 * of them (joints and other nodes alike), parents before children, with each one's rest TRS.
 * A joint's model-space (global) transform is the product of the local transforms from its root
 * ancestor down to it, as the specification's joint matrix global(joint) * inverseBindMatrix
 * uses it; the skinned mesh node's own transform plays no part.
 */
import type { Document, Node, Skin } from '@gltf-transform/core';
import { GltfPointers, nodeLabel } from './pointers';
import type { GltfProblemList } from './problems';
import { identityTrs, TRS_SIZE } from './transforms';

/** A joint as the exports and reports name it. */
export interface ExportedJoint {
  bone: number;
  /** The joint's node index in the glTF. */
  node: number;
  /** The nearest ancestor that is also a joint, as a bone index; -1 when none is. */
  parent: number;
  /** The node's name, else `joint N`. */
  name: string;
}

export function exportedJoints(joints: readonly Node[], pointers: GltfPointers): ExportedJoint[] {
  const boneOf = new Map(joints.map((node, bone) => [node, bone]));
  return joints.map((node, bone) => ({ bone, node: pointers.nodeIndex(node), parent: jointParent(node, boneOf), name: node.getName() || `joint ${bone}` }));
}

/** The bone of `node`'s nearest joint ancestor, -1 when none (or when the parents form a cycle). */
function jointParent(node: Node, boneOf: ReadonlyMap<Node, number>): number {
  const seen = new Set<Node>([node]);
  for (let at = node.getParentNode(); at && !seen.has(at); at = at.getParentNode()) {
    const bone = boneOf.get(at);
    if (bone !== undefined) return bone;
    seen.add(at);
  }
  return -1;
}

export interface HierarchyNode {
  node: Node;
  /** Index of the parent in `JointHierarchy.nodes`, -1 for a root. */
  parent: number;
}

export interface JointHierarchy {
  /** Joints and their ancestors, every parent before its children. */
  nodes: HierarchyNode[];
  /** Rest TRS of each entry of `nodes` (TRS_SIZE doubles each). */
  rest: Float64Array;
  /** For each joint in skin order, its index in `nodes`. */
  jointSlots: number[];
  /** Node -> index in `nodes`. */
  slotOf: Map<Node, number>;
}

/** The chain from `node` up to its root, `node` first; throws through `problems` on a cycle. */
function ancestry(node: Node, nodeCount: number, pointers: GltfPointers, problems: GltfProblemList): Node[] {
  const chain: Node[] = [];
  for (let at: Node | null = node; at; at = at.getParentNode()) {
    chain.push(at);
    if (chain.length > nodeCount) problems.fail('gltf/node-cycle', pointers.node(node), `The parents of ${nodeLabel(node, pointers)} form a cycle; a glTF node hierarchy must be a forest.`);
  }
  return chain;
}

export function buildJointHierarchy(document: Document, skin: Skin, pointers: GltfPointers, problems: GltfProblemList): JointHierarchy {
  const nodeCount = document.getRoot().listNodes().length;
  const nodes: HierarchyNode[] = [];
  const slotOf = new Map<Node, number>();
  const add = (node: Node): number => {
    const known = slotOf.get(node);
    if (known !== undefined) return known;
    const parentNode = node.getParentNode();
    const parent = parentNode ? add(parentNode) : -1;
    slotOf.set(node, nodes.length);
    nodes.push({ node, parent });
    return nodes.length - 1;
  };
  const jointSlots: number[] = [];
  for (const joint of skin.listJoints()) {
    ancestry(joint, nodeCount, pointers, problems);
    jointSlots.push(add(joint));
  }
  const rest = new Float64Array(nodes.length * TRS_SIZE);
  nodes.forEach(({ node }, i) => {
    const o = i * TRS_SIZE;
    identityTrs(rest, o);
    rest.set(node.getTranslation(), o);
    rest.set(node.getRotation(), o + 3);
    rest.set(node.getScale(), o + 7);
  });
  return { nodes, rest, jointSlots, slotOf };
}

/** Why a skin's local joint transforms are not its model-space ones (the first joint found). */
export interface LocalSpaceDifference {
  /** The joint, as messages name it (`"Hips"` or `node 3`). */
  joint: string;
  /** The ancestor that moves it. */
  ancestor: string;
  /** True when that ancestor is itself a joint of the skin (a joint hierarchy). */
  ancestorIsJoint: boolean;
}

function isIdentity(node: Node): boolean {
  const [tx, ty, tz] = node.getTranslation();
  const [rx, ry, rz, rw] = node.getRotation();
  const [sx, sy, sz] = node.getScale();
  return tx === 0 && ty === 0 && tz === 0 && rx === 0 && ry === 0 && rz === 0 && Math.abs(rw) === 1 && sx === 1 && sy === 1 && sz === 1;
}

/**
 * Whether a clip of each joint's local TRS (what the upstream packer writes) differs from the
 * model-space transforms `keyframe_bind` expects: some joint has a joint ancestor, or an ancestor
 * whose transform is not the identity or is animated. Undefined when local equals model space.
 */
export function localSpaceDifference(document: Document, skin: Skin): LocalSpaceDifference | undefined {
  const pointers = new GltfPointers(document);
  const joints = new Set(skin.listJoints());
  const animated = new Set<Node>();
  for (const animation of document.getRoot().listAnimations()) {
    for (const channel of animation.listChannels()) {
      const target = channel.getTargetNode();
      if (target) animated.add(target);
    }
  }
  const nodeCount = document.getRoot().listNodes().length;
  // A joint under a joint first (the common case, and the clearer message), then other ancestors.
  for (const jointsOnly of [true, false]) {
    for (const joint of skin.listJoints()) {
      let steps = 0;
      for (let at = joint.getParentNode(); at && steps <= nodeCount; at = at.getParentNode(), steps++) {
        const moves = joints.has(at) || (!jointsOnly && (!isIdentity(at) || animated.has(at)));
        if (moves) return { joint: nodeLabel(joint, pointers), ancestor: nodeLabel(at, pointers), ancestorIsJoint: joints.has(at) };
      }
    }
  }
  return undefined;
}
