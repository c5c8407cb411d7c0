/** The animation mixer: actions of clips of one skeleton, blended into one pose per update. */
export * from './animationMixer';
export * from './blend';
export * from './boneMask';
export * from './keyframeCursor';
export * from './layerBlend';
export * from './mixerClip';
export * from './mixFile';
