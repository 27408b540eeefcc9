/** The database schema, one module per area (as the services are); drizzle-kit reads every module here. */
export * from './users';
export * from './auth';
export * from './movies';
export * from './editor';
export * from './storyboard';
export * from './assets';
export * from './workflows';
export * from './workers';
export * from './generations';
export * from './forum';
export * from './payments';
export * from './cut';
