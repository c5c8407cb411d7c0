/** Public surface of the pure core: everything adapters may import. */
export * from './diagnostics';
export * from './fileAccess';
export * from './fileKinds';
export * from './records';
