export * from './common';
export * from './feedback';
export * from './lead';
export * from './order';
export * from './auth';
