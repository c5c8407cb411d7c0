/** Public surface of the pure core: everything adapters may import. */
export * from './diagnostics';
export * from './fileAccess';
export * from './fileKinds';
export * from './records';
export * from './bytes';
export * from './f16';
export * from './rotation';
export * from './rotationMath';
export * from './clip';
export * from './skeleton';
export * from './mesh';
export * from './rom';
