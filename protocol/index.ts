export * from './version';
export * from './describe';
export * from './serverStatus';
export * from './hexEditor';
export * from './listing';
export * from './preview';
export * from './clipLinks';
export * from './serverCommands';
