export * from './describe';
export * from './serverStatus';
export * from './listing';
