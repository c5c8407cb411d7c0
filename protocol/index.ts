export * from './describe';
