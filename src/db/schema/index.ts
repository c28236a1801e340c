import 'server-only';
export * from './users';
export * from './leads';
export * from './desk';
export * from './billing';
