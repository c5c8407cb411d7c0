export * from './describe';
export * from './serverStatus';
