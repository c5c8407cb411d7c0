/** The animation mixer: actions of clips of one skeleton, blended into one pose per update. */
export * from './animationMixer';
export * from './blend';
export * from './keyframeCursor';
export * from './mixerClip';
